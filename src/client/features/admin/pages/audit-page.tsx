import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES, type AdminAuditEntry } from '@shared/api/admin-audit';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { catalogueCountryPath, customerPath, messagePath, orderPath } from '../admin-paths';
import { auditLogQueryOptions } from '../api/audit';
import { AdminList, ListFilters, pagedList } from '../components/admin-list';
import { AdminPageFrame } from '../components/admin-page-frame';
import { Field } from '../components/field';
import { linkClass } from '../components/link-class';
import { Td, Tr } from '../components/table';
import { AUDIT_FILTERS_IN_URL, auditFiltersToParams, auditFiltersToQuery, NO_AUDIT_FILTERS, type AuditFilters } from '../lib/audit-filters';
import { changesOf } from '../lib/changes';
import { formatDateTime, shortId } from '../lib/format';
import { useDraft } from '../lib/use-draft';
import { useLanguage } from '../lib/use-language';
import { useUrlFilters } from '../lib/use-url-filters';

/** The audit log's filters; like the orders', they go to the URL when applied. */
function AuditFiltersForm({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useDraft(applied, auditFiltersToParams(applied).toString());
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => setDraft((current) => ({ ...current, [key]: value }));
  return (
    <ListFilters label={t('admin.audit.filters')} onApply={() => onApply(draft)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Field id={`${id}-actor`} label={t('admin.audit.actor')}>
        <Input id={`${id}-actor`} value={draft.actor} onChange={(event) => set('actor', event.target.value)} maxLength={200} />
      </Field>
      <Field id={`${id}-action`} label={t('admin.audit.action')}>
        <NativeSelect id={`${id}-action`} value={draft.action} onChange={(event) => set('action', event.target.value as AuditFilters['action'])}>
          <option value="">{t('admin.audit.anyAction')}</option>
          {ADMIN_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`admin.audit.actions.${action}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${id}-target-type`} label={t('admin.audit.targetType')}>
        <NativeSelect
          id={`${id}-target-type`}
          value={draft.targetType}
          onChange={(event) => set('targetType', event.target.value as AuditFilters['targetType'])}
        >
          <option value="">{t('admin.audit.anyTarget')}</option>
          {ADMIN_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.audit.targets.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${id}-target-id`} label={t('admin.audit.targetId')}>
        <Input id={`${id}-target-id`} value={draft.targetId} onChange={(event) => set('targetId', event.target.value)} maxLength={200} />
      </Field>
      <Field id={`${id}-from`} label={t('admin.audit.from')}>
        <Input id={`${id}-from`} type="date" value={draft.from} max={draft.to || undefined} onChange={(event) => set('from', event.target.value)} />
      </Field>
      <Field id={`${id}-to`} label={t('admin.audit.to')}>
        <Input id={`${id}-to`} type="date" value={draft.to} min={draft.from || undefined} onChange={(event) => set('to', event.target.value)} />
      </Field>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{t('admin.common.apply')}</Button>
        <Button type="button" variant="ghost" onClick={() => onApply(NO_AUDIT_FILTERS)}>
          {t('admin.common.clear')}
        </Button>
      </div>
    </ListFilters>
  );
}

/** The console page of an action's target, when it has one: an order, a customer, or a country of the catalogue. */
function targetPath(entry: AdminAuditEntry): string | null {
  switch (entry.targetType) {
    case 'order':
      return orderPath(entry.targetId);
    case 'customer':
      return customerPath(entry.targetId);
    case 'contact_message':
      return messagePath(entry.targetId);
    case 'country':
      return catalogueCountryPath(entry.targetId);
    case 'operator': {
      // An operator's id is its provider's; its country is in the row's facts.
      const countryIso = entry.after?.countryIso ?? entry.before?.countryIso;
      return typeof countryIso === 'string' ? catalogueCountryPath(countryIso) : null;
    }
    default:
      return null;
  }
}

function Target({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation();
  const kind = t(`admin.audit.targets.${entry.targetType}`, { defaultValue: entry.targetType });
  const to = targetPath(entry);
  return (
    <>
      <span className="block text-xs text-muted-foreground">{kind}</span>
      {to ? (
        <Link to={to} className={`${linkClass} font-mono text-xs`} title={entry.targetId}>
          {entry.targetType === 'order' || entry.targetType === 'contact_message' ? shortId(entry.targetId) : entry.targetId}
        </Link>
      ) : (
        <span className="font-mono text-xs break-all">{entry.targetId}</span>
      )}
    </>
  );
}

/** Before and after, field by field, only what changed: "status: completed → refunded", each part isolated so a date in Arabic reads whole. */
function Changes({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const changes = changesOf(entry.before, entry.after, language);
  if (changes.length === 0) return <span className="text-muted-foreground">{t('admin.audit.noChange')}</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs" data-testid="audit-changes">
      {changes.map(({ field, before, after }) => (
        <li key={field} className="text-start wrap-anywhere">
          <bdi className="font-mono text-muted-foreground">{field}</bdi>:{' '}
          <del className="text-muted-foreground">
            <bdi>{before}</bdi>
          </del>{' '}
          <ArrowRight className="inline size-3 rtl:rotate-180" aria-hidden="true" />
          <span className="sr-only">{t('admin.audit.became')}</span>{' '}
          <ins className="font-medium no-underline">
            <bdi>{after}</bdi>
          </ins>
        </li>
      ))}
    </ul>
  );
}

export function AuditRow({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid="audit-row" data-action={entry.action}>
      <Td className="whitespace-nowrap">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, language)}</time>
      </Td>
      <Td className="max-w-48 break-words">
        <bdi>{entry.actorEmail}</bdi>
      </Td>
      <Td className="font-medium">{t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action })}</Td>
      <Td>
        <Target entry={entry} />
      </Td>
      <Td className="max-w-64 break-words" dir="auto">
        <bdi>{entry.reason}</bdi>
      </Td>
      <Td className="max-w-80">
        <Changes entry={entry} />
      </Td>
    </Tr>
  );
}

export function AuditPage() {
  const { t } = useTranslation();
  const [filters, applyFilters] = useUrlFilters(AUDIT_FILTERS_IN_URL);
  const log = useInfiniteQuery(auditLogQueryOptions(auditFiltersToQuery(filters)));

  return (
    <AdminPageFrame title={t('admin.audit.title')} lead={t('admin.audit.lead')}>
      <AuditFiltersForm applied={filters} onApply={applyFilters} />
      <AdminList
        read={pagedList(log, (page) => page.entries)}
        label={t('admin.audit.table')}
        columns={[
          { label: t('admin.audit.columns.time') },
          { label: t('admin.audit.columns.actor') },
          { label: t('admin.audit.columns.action') },
          { label: t('admin.audit.columns.target') },
          { label: t('admin.audit.columns.reason') },
          { label: t('admin.audit.columns.changes') },
        ]}
        minWidth="min-w-[60rem]"
        testId="audit-table"
        empty={t('admin.audit.empty')}
        rowKey={(entry) => entry.id}
        row={(entry) => <AuditRow entry={entry} />}
      />
    </AdminPageFrame>
  );
}
