import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { apiErrorText } from '@/lib/api-error-text';

interface LoadMoreProps {
  shown: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** A next page that failed to load; the rows already shown stay. */
  error: unknown;
  fetchNextPage: () => void;
}

/** Below a list read a page at a time: how many rows are shown, and the next page on demand (the server's nextCursor). */
export function LoadMore({ shown, hasNextPage, isFetchingNextPage, error, fetchNextPage }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3">
      {error !== null && <InlineError title={t('admin.common.loadFailed')}>{apiErrorText(t, error)}</InlineError>}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="admin-shown">
          {t('admin.common.shown', { count: shown })}
          {!hasNextPage && shown > 0 && ` · ${t('admin.common.end')}`}
        </p>
        {hasNextPage && (
          <Button variant="outline" size="sm" onClick={fetchNextPage} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('admin.common.loadingMore') : t('admin.common.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
