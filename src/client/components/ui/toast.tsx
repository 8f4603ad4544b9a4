import type { ComponentProps } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

export const ToastProvider = ToastPrimitive.Provider;

/**
 * Over the sticky header's band (4rem), on every screen: the one strip of the page that holds no form field and no
 * primary button, so a toast never covers what the customer fills in or presses next (ADR 065). Full width on phones;
 * from medium screens up, at the end of the line (right, left in Arabic), at most 420px wide (docs/product.md §2).
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn('fixed inset-x-0 top-0 z-[100] flex max-h-screen flex-col gap-2 p-1.5 outline-none', 'md:start-auto md:w-[420px]', className)}
      {...props}
    />
  );
}

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: 'default' | 'destructive' }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border px-3 py-2 pe-10 shadow-lg transition-all',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
        'data-[state=closed]:opacity-0 data-[state=open]:opacity-100',
        variant === 'destructive' ? 'border-destructive bg-destructive text-destructive-foreground' : 'border-border bg-card text-card-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm leading-snug font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm leading-snug opacity-90', className)} {...props} />;
}

export function ToastClose({ className, label, ...props }: ComponentProps<typeof ToastPrimitive.Close> & { label: string }) {
  return (
    <ToastPrimitive.Close
      aria-label={label}
      className={cn('absolute end-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100', className)}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
