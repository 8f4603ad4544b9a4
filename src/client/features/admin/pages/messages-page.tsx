import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { ADMIN_MESSAGE_FILTERS, type AdminMessageFilter, type AdminMessageRow } from '@shared/api/admin-messages';
import { EMAIL_MAX_LENGTH } from '@shared/text-rules';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { customerPath, messagePath } from '../admin-paths';
import { messagesQueryOptions } from '../api/messages';
import { AdminList, ListFilters, pagedList } from '../components/admin-list';
import { AdminPageFrame } from '../components/admin-page-frame';
import { MessageStateBadge } from '../components/message-state-badge';
import { linkClass } from '../components/link-class';
import { Td, Tr } from '../components/table';
import { formatDateTime } from '../lib/format';
import { MESSAGE_FILTERS_IN_URL, messageFiltersToQuery, type MessageFilters } from '../lib/message-filters';
import { useDraft } from '../lib/use-draft';
import { useLanguage } from '../lib/use-language';
import { useUrlFilters } from '../lib/use-url-filters';

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
  return (
    <ListFilters label={t('admin.messages.searchForm')} onApply={() => onApply({ ...applied, q })} className="flex flex-col gap-4">
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
    </ListFilters>
  );
}

export function MessageRow({ message }: { message: AdminMessageRow }) {
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
          <bdi>{message.name}</bdi>
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
  const [filters, applyFilters] = useUrlFilters(MESSAGE_FILTERS_IN_URL);
  const messages = useInfiniteQuery(messagesQueryOptions(messageFiltersToQuery(filters)));

  return (
    <AdminPageFrame title={t('admin.messages.title')} lead={t('admin.messages.lead')}>
      <MessageFiltersForm applied={filters} onApply={applyFilters} />
      <AdminList
        read={pagedList(messages, (page) => page.messages)}
        label={t('admin.messages.table')}
        columns={[
          { label: t('admin.messages.columns.received') },
          { label: t('admin.messages.columns.from') },
          { label: t('admin.messages.columns.topic') },
          { label: t('admin.messages.columns.message') },
          { label: t('admin.messages.columns.state') },
        ]}
        minWidth="min-w-[52rem]"
        testId="messages-table"
        empty={t('admin.messages.empty')}
        rowKey={(message) => message.id}
        row={(message) => <MessageRow message={message} />}
      />
    </AdminPageFrame>
  );
}
