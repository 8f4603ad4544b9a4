import { Fragment, type FormEvent, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/utils';
import { LoadError, Loading } from './query-state';
import { EmptyRow, ScrollTable, Th } from './table';

/** The next pages of a list read a page at a time (keyset: each page names the one after it). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** A next page that failed to load; the rows already shown stay. */
  error: unknown;
  fetchNextPage: () => void;
}

/** A list as a console page reads it: its rows once they came, else the first read's failure; its next pages if it has any. */
export interface ListRead<Row> {
  rows: Row[] | undefined;
  /** The first read failed (rows is undefined): `error` says why. */
  failed: boolean;
  error: unknown;
  retry: () => void;
  /** Null for a list the server sends whole. */
  more: MorePages | null;
}

type PagedQuery<Page> = Pick<
  UseInfiniteQueryResult<InfiniteData<Page>>,
  'data' | 'error' | 'isError' | 'refetch' | 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
>;

/** A list read a page at a time (useInfiniteQuery), its rows those of every page read so far. */
export function pagedList<Page, Row>(query: PagedQuery<Page>, rowsOf: (page: Page) => Row[]): ListRead<Row> {
  return {
    rows: query.data?.pages.flatMap(rowsOf),
    failed: query.data === undefined && query.isError,
    error: query.error,
    retry: () => void query.refetch(),
    more: {
      hasNextPage: query.hasNextPage,
      isFetchingNextPage: query.isFetchingNextPage,
      error: query.isFetchNextPageError ? query.error : null,
      fetchNextPage: () => void query.fetchNextPage(),
    },
  };
}

/** A list the server sends whole (useQuery), its rows taken from the answer. */
export function wholeList<Data, Row>(
  query: Pick<UseQueryResult<Data>, 'data' | 'error' | 'isError' | 'refetch'>,
  rowsOf: (data: Data) => Row[],
): ListRead<Row> {
  return {
    rows: query.data === undefined ? undefined : rowsOf(query.data),
    failed: query.data === undefined && query.isError,
    error: query.error,
    retry: () => void query.refetch(),
    more: null,
  };
}

/** Rows already read with the page they are part of (a customer's orders), shown as a list. */
export function shownRows<Row>(rows: Row[]): ListRead<Row> {
  return { rows, failed: false, error: null, retry: () => {}, more: null };
}

/**
 * A list's search box and filters, above it: what is typed applies on Enter or Apply, when the page writes it to the
 * URL (useUrlFilters). A search landmark named `label`; `className` lays its fields out.
 */
export function ListFilters({
  label,
  onApply,
  className,
  children,
}: {
  label: string;
  onApply: () => void;
  className?: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className={cn('rounded-2xl border bg-card p-4 shadow-sm', className)}>
      {children}
    </form>
  );
}

export interface ListColumn {
  label: ReactNode;
  className?: string;
}

interface AdminListProps<Row> {
  read: ListRead<Row>;
  /** The table's name (its region's and its caption). */
  label: string;
  columns: ListColumn[];
  /** The table's least width, past which it scrolls sideways inside its region. */
  minWidth: string;
  testId: string;
  /** The one row in place of the rows when there are none. */
  empty: ReactNode;
  rowKey: (row: Row) => Key;
  /** A row: a <Tr> of as many cells as there are columns. */
  row: (row: Row) => ReactNode;
  /** Above the table once the rows came (counts, a note on what is left out). */
  above?: ReactNode;
  /** How many rows are shown, below a list the server sends whole (a paged list always says it, with its next pages). */
  counted?: boolean;
}

/**
 * Every list page of the console, one way: a loading state, a failed read with a retry (or how to get in when the
 * console itself is refused), the rows in a table that scrolls sideways on a phone, one row saying so when there are
 * none, and below a paged list how many are shown and the next page on demand.
 */
export function AdminList<Row>({ read, label, columns, minWidth, testId, empty, rowKey, row, above, counted = false }: AdminListProps<Row>) {
  const { rows, more } = read;
  if (rows === undefined) return read.failed ? <LoadError error={read.error} onRetry={read.retry} /> : <Loading />;
  return (
    <>
      {above}
      <ScrollTable label={label} minWidth={minWidth} testId={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <Th key={index} className={column.className}>
                {column.label}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={columns.length}>{empty}</EmptyRow>}
          {rows.map((item) => (
            <Fragment key={rowKey(item)}>{row(item)}</Fragment>
          ))}
        </tbody>
      </ScrollTable>
      {(more || counted) && <ListFooter shown={rows.length} more={more} />}
    </>
  );
}

/** Below a list: how many rows are shown, and for a paged list the next page on demand (or that there is no more). */
function ListFooter({ shown, more }: { shown: number; more: MorePages | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3">
      {more && more.error !== null && <InlineError title={t('admin.common.loadFailed')}>{apiErrorText(t, more.error)}</InlineError>}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="admin-shown">
          {t('admin.common.shown', { count: shown })}
          {more && !more.hasNextPage && shown > 0 && ` · ${t('admin.common.end')}`}
        </p>
        {more?.hasNextPage && (
          <Button variant="outline" size="sm" onClick={more.fetchNextPage} disabled={more.isFetchingNextPage}>
            {more.isFetchingNextPage ? t('admin.common.loadingMore') : t('admin.common.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
