import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Icon } from './icon';

interface InlineErrorProps {
  /** What failed, e.g. "Could not create your account"; the message alone when absent. */
  title?: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A refusal shown next to the action it concerns, the only place it is told (ADR 065): it stays until the customer changes something, and screen readers announce it when it appears
 * (role="alert"). Render it only while there is a message.
 */
export function InlineError({ title, children, className, testId = 'inline-error' }: InlineErrorProps) {
  return (
    <div
      role="alert"
      className={cn('flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive', className)}
      data-testid={testId}
    >
      <Icon name="triangle-alert" className="mt-0.5 size-4" />
      <div className="flex min-w-0 flex-col gap-0.5">
        {title && <p className="font-semibold">{title}</p>}
        <p className="break-words">{children}</p>
      </div>
    </div>
  );
}
