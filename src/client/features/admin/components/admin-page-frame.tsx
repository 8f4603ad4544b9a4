import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/lib/utils';

interface AdminPageFrameProps {
  title: ReactNode;
  lead?: ReactNode;
  /** Beside the title on wide screens (an order's status, a customer's badges). */
  aside?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * One page of the console: its h1, then its sections. After a move to another page inside the app the heading takes
 * the focus, so a keyboard or screen reader continues from the new page's top instead of a link that is gone; a page
 * opened from its address (the router's first location) leaves the focus to the browser.
 */
export function AdminPageFrame({ title, lead, aside, children, className }: AdminPageFrameProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key, pathname } = useLocation();
  // The location the page opened with: a filter applied later changes the location, not the page, and keeps the focus.
  const openedWith = useRef(key);
  useEffect(() => {
    if (openedWith.current !== 'default') heading.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={cn('flex min-w-0 flex-col gap-6', className)}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight break-words outline-none sm:text-3xl">
            {title}
          </h1>
          {lead && <p className="text-muted-foreground">{lead}</p>}
        </div>
        {aside}
      </header>
      {children}
    </div>
  );
}

/** A titled part of a page (h2), in a card. */
export function AdminSection({
  title,
  id,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('flex min-w-0 flex-col gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
