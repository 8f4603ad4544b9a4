import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';
import { unreadMessageCountQueryOptions } from '../api/messages';
import { attentionCountQueryOptions } from '../api/attention';
import { reviewCountQueryOptions } from '../api/risk';
import { AccessNotice } from '../components/access-notice';
import { accessProblemOf } from '../lib/access';
import { AdminHeader } from './admin-header';
import { ADMIN_NAV, currentSection } from './admin-nav-items';

const COUNT_TONES = {
  attention: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  messages: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  reviews: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
} as const;

/** A count beside a section's label: the number to the eye, a sentence to screen readers. */
function NavCount({ count, tone, spoken, testId }: { count: number; tone: keyof typeof COUNT_TONES; spoken: string; testId: string }) {
  return (
    <>
      <span aria-hidden="true" className={cn('ms-auto rounded-full px-2 py-0.5 text-xs font-semibold', COUNT_TONES[tone])} data-testid={testId}>
        {count}
      </span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors hover:bg-muted',
    isActive && 'bg-accent text-accent-foreground hover:bg-accent',
  );

/**
 * The console's sections: a column beside the page from 1024 px wide; above the page, behind a button that names the
 * current section, on narrower screens (a phone keeps the whole width for tables).
 */
function AdminNav({
  attentionCount,
  unreadMessages,
  reviewCount,
}: {
  attentionCount: number | undefined;
  unreadMessages: number | undefined;
  reviewCount: number | undefined;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const current = currentSection(pathname);
  const waiting = attentionCount !== undefined && attentionCount > 0;
  const unread = unreadMessages !== undefined && unreadMessages > 0;
  const held = reviewCount !== undefined && reviewCount > 0;

  return (
    <nav aria-label={t('admin.nav.label')} className="lg:w-56 lg:shrink-0" data-testid="admin-nav">
      <div className="lg:sticky lg:top-20">
        <p className="hidden px-3 pb-3 text-sm font-semibold text-muted-foreground lg:block">{t('admin.title')}</p>
        <button
          type="button"
          className="flex min-h-11 w-full items-center gap-2 rounded-lg border bg-card px-3 text-sm font-medium lg:hidden"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          data-testid="admin-nav-toggle"
        >
          <span className="text-muted-foreground">{t('admin.nav.menu')}:</span>
          <span>{current ? t(current.labelKey) : t('admin.title')}</span>
          {(waiting || held) && <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />}
          <ChevronDown className={cn('ms-auto size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
        <ul
          id={listId}
          className={cn(
            'flex-col gap-1 lg:flex',
            open ? 'mt-2 flex rounded-lg border bg-card p-1 lg:mt-0 lg:border-0 lg:bg-transparent lg:p-0' : 'hidden',
          )}
        >
          {ADMIN_NAV.map(({ to, labelKey, icon: Icon, end, showsAttentionCount, showsUnreadMessages, showsReviewCount }) => (
            <li key={to}>
              <NavLink to={to} end={end} className={linkClass} onClick={() => setOpen(false)}>
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span>{t(labelKey)}</span>
                {showsAttentionCount && waiting && (
                  <NavCount
                    count={attentionCount}
                    tone="attention"
                    spoken={t('admin.nav.attentionCount', { count: attentionCount })}
                    testId="attention-count"
                  />
                )}
                {showsReviewCount && held && (
                  <NavCount count={reviewCount} tone="reviews" spoken={t('admin.nav.reviewCount', { count: reviewCount })} testId="review-count" />
                )}
                {showsUnreadMessages && unread && (
                  <NavCount
                    count={unreadMessages}
                    tone="messages"
                    spoken={t('admin.messages.unreadCount', { count: unreadMessages })}
                    testId="unread-messages-count"
                  />
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** The console's shell around a page: its own header, then the page as the document's main content. */
function AdminShell({ children }: { children: ReactNode }) {
  return (
    <>
      <AdminHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
    </>
  );
}

/**
 * The frame of every console page. The attention count it shows is also the first admin call of a visit: when the
 * server refuses the console itself (two-factor not set up, a session without its code, an e-mail not confirmed),
 * the page says so and how to get in instead of showing sections that would all fail.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const count = useQuery(attentionCountQueryOptions());
  // Asked only once the console has let the admin in (the attention count answered).
  const unreadMessages = useQuery({ ...unreadMessageCountQueryOptions(), enabled: count.isSuccess });
  const reviewCount = useQuery({ ...reviewCountQueryOptions(), enabled: count.isSuccess });
  const problem = accessProblemOf(count.error);
  if (problem) {
    return (
      <AdminShell>
        <div className="px-4 py-10 sm:py-14">
          <AccessNotice problem={problem} asPage />
        </div>
      </AdminShell>
    );
  }
  return (
    <AdminShell>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row lg:gap-8 lg:py-8">
        <AdminNav attentionCount={count.data} unreadMessages={unreadMessages.data} reviewCount={reviewCount.data} />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </AdminShell>
  );
}
