import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The frame of a content page: one h1, an optional lead paragraph, then the page's sections. */
export function Page({ title, lead, children, className }: { title: ReactNode; lead?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-4xl px-4 py-10 sm:py-14', className)}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg text-muted-foreground">{lead}</p>}
      <div className="mt-10 flex flex-col gap-10">{children}</div>
    </div>
  );
}

export function PageSection({ title, className, children, ...props }: ComponentProps<'section'> & { title: ReactNode }) {
  return (
    <section className={cn('flex flex-col gap-3', className)} {...props}>
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}
