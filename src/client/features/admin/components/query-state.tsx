import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { apiErrorText } from '@/lib/api-error-text';
import { accessProblemOf } from '../lib/access';
import { AccessNotice } from './access-notice';
import { isNotFound } from './not-found-notice';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-muted-foreground" data-testid="admin-loading">
      <span className="size-5 animate-spin rounded-full border-2 border-muted border-t-primary" aria-hidden="true" />
      <span>{label ?? t('admin.common.loading')}</span>
    </div>
  );
}

/**
 * A read that failed: a refusal of the console as a whole says how to get in, anything else says what the server
 * said and offers to try again. It stays until the admin does something.
 */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  const problem = accessProblemOf(error);
  if (problem) return <AccessNotice problem={problem} />;
  return (
    <div className="flex flex-col items-start gap-3">
      <InlineError title={title ?? t('admin.common.loadFailed')} testId="admin-load-error">
        {apiErrorText(t, error)}
      </InlineError>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('admin.common.retry')}
      </Button>
    </div>
  );
}

/**
 * What a page (or a part of it) shows of one read: loading, then its data; or the failure with a retry, or `notFound`
 * when the server has no such thing (a mistyped or stale link).
 */
export function Loaded<Data>({
  query,
  notFound,
  children,
}: {
  query: Pick<UseQueryResult<Data>, 'data' | 'error' | 'isError' | 'refetch'>;
  notFound?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (!query.isError) return <Loading />;
  if (notFound && isNotFound(query.error)) return notFound;
  return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
}
