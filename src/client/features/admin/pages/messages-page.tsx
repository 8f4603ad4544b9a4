import { useId, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { ADMIN_MESSAGE_FILTERS, type AdminMessageFilter, type AdminMessageRow } from '@shared/api/admin-messages';
import { EMAIL_MAX_LENGTH } from '@shared/text-rules';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { customerPath, messagePath } from '../admin-paths';
import { messagesQueryOptions } from '../api/messages';
import { AdminPageFrame } from '../components/admin-page-frame';
import { LoadMore } from '../components/load-more';
import { MessageStateBadge } from '../components/message-state-badge';
import { linkClass } from '../components/orders-table';
import { LoadError, Loading } from '../components/query-state';
import { EmptyRow, ScrollTable, Td, Th, Tr } from '../components/table';
import { formatDateTime } from '../lib/format';
import { messageFiltersFromParams, messageFiltersToParams, messageFiltersToQuery, type MessageFilters } from '../lib/message-filters';
import { useDraft } from '../lib/use-draft';
import { useLanguage } from '../lib/use-language';

/** Which messages: all, unread, open or handled. A choice applies at once. */
function FilterChoices({ chosen, onChange }: { chosen: AdminMessageFilter; onChange: (filter: AdminMessageFilter) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{t('admin.messages.filter')}</legend>
      <div className="flex flex-wrap gap-2">
        {ADMIN_MESSAGE_FILTERS.map((filter) => (
          <label
            key={filter}
            className={cn(
              'inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              chosen === filter && 'border-primary bg-accent text-accent-foreground',
            )}
          >
            <input
              type="radio"
              name="message-filter"
              className="size-4 accent-[var(--color-primary)]"
              checked={chosen === filter}
              onChange={() => onChange(filter)}
            />
            {t(`admin.messages.filters.${filter}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The filter applies when chosen; the search box when applied (Enter or Apply). Both go to the URL. */
function MessageFiltersForm({ applied, onApply }: { applied: MessageFilters; onApply: (filters: MessageFilters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useDraft(applied.q, applied.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...applied, q });
  };
  return (
    <form
      role="search"
      aria-label={t('admin.messages.searchForm')}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <FilterChoices chosen={applied.filter} onChange={(filter) => onApply({ filter, q })} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>{t('admin.messages.search')}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            maxLength={EMAIL_MAX_LENGTH}
            aria-describedby={`${id}-q-hint`}
            className="min-w-0 flex-1 basis-64"
            dir="ltr"
            data-testid="messages-search"
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('admin.common.apply')}
          </Button>
        </div>
        <p id={`${id}-q-hint`} className="text-xs text-muted-foreground">
          {t('admin.messages.searchHint')}
        </p>
      </div>
    </form>
  );
}

function MessageRow({ message }: { message: AdminMessageRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const unread = message.readAt === null;
  return (
    <Tr data-testid="message-row" data-message-id={message.id} className={cn(unread && 'font-semibold')}>
      <Td className="whitespace-nowrap">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, language)}</time>
      </Td>
      <Td className="max-w-56 break-words">
        <Link to={messagePath(message.id)} className={linkClass}>
          <span dir="auto">{message.name}</span>
        </Link>
        <span className="block text-xs font-normal break-all text-muted-foreground" dir="ltr">
          {message.email}
        </span>
        {message.customerId && (
          <Link to={customerPath(message.customerId)} className={`${linkClass} text-xs`}>
            {t('admin.messages.customer')}
          </Link>
        )}
      </Td>
      <Td className="whitespace-nowrap">{t(`admin.messages.topics.${message.topic}`, { defaultValue: message.topic })}</Td>
      <Td className="max-w-96 font-normal break-words text-muted-foreground">
        <span dir="auto" className="line-clamp-2">
          {message.preview}
        </span>
      </Td>
      <Td>
        <MessageStateBadge message={message} />
      </Td>
    </Tr>
  );
}

/** The contact messages: unread first, then newest first, a page at a time. */
export function MessagesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => messageFiltersFromParams(params), [params]);
  const messages = useInfiniteQuery(messagesQueryOptions(messageFiltersToQuery(filters)));
  const rows = messages.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <AdminPageFrame title={t('admin.messages.title')} lead={t('admin.messages.lead')}>
      <MessageFiltersForm applied={filters} onApply={(next) => setParams(messageFiltersToParams(next))} />
      {!messages.data ? (
        messages.isError ? (
          <LoadError error={messages.error} onRetry={() => void messages.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <ScrollTable label={t('admin.messages.table')} minWidth="min-w-[52rem]" testId="messages-table">
            <thead>
              <tr>
                <Th>{t('admin.messages.columns.received')}</Th>
                <Th>{t('admin.messages.columns.from')}</Th>
                <Th>{t('admin.messages.columns.topic')}</Th>
                <Th>{t('admin.messages.columns.message')}</Th>
                <Th>{t('admin.messages.columns.state')}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && <EmptyRow columns={5}>{t('admin.messages.empty')}</EmptyRow>}
              {rows.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </tbody>
          </ScrollTable>
          <LoadMore
            shown={rows.length}
            hasNextPage={messages.hasNextPage}
            isFetchingNextPage={messages.isFetchingNextPage}
            error={messages.isFetchNextPageError ? messages.error : null}
            fetchNextPage={() => void messages.fetchNextPage()}
          />
        </>
      )}
    </AdminPageFrame>
  );
}
