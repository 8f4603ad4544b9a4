import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@shared/api/admin-audit';
import type { RiskRule } from '@shared/api/risk';
import { auditLogQueryOptions } from '../api/audit';
import { riskRulesQueryOptions } from '../api/risk';
import { AdminList, pagedList } from '../components/admin-list';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { Loaded } from '../components/query-state';
import { RulesEditor } from '../components/risk/rules-editor';
import { RulesSummary } from '../components/risk/rules-summary';
import { Td, Tr } from '../components/table';
import { formatDateTime } from '../lib/format';
import { changesBetween } from '../lib/rule-drafts';
import { useLanguage } from '../lib/use-language';

type Saved = { version?: number; rules?: RiskRule[]; reviewWindowMinutes?: number } | null;

/** What a version changed, in a line: the rules added, removed and changed by id, and the review window. */
function ChangeSummary({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation();
  const changes = changesBetween(entry.before as Saved, entry.after as Saved);
  const parts = [
    changes.added.length > 0 && t('admin.rules.history.added', { ids: changes.added.join(', ') }),
    changes.removed.length > 0 && t('admin.rules.history.removed', { ids: changes.removed.join(', ') }),
    changes.changed.length > 0 && t('admin.rules.history.changed', { ids: changes.changed.join(', ') }),
    changes.window && t('admin.rules.history.window', { from: changes.window[0], to: changes.window[1] }),
  ].filter((part): part is string => typeof part === 'string');
  return <>{parts.length > 0 ? parts.join(' · ') : t('admin.rules.history.same')}</>;
}

function VersionRow({ entry }: { entry: AdminAuditEntry }) {
  const language = useLanguage();
  return (
    <Tr data-testid="rules-history-row">
      <Td className="tabular-nums">{(entry.after as Saved)?.version ?? '—'}</Td>
      <Td className="whitespace-nowrap">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, language)}</time>
      </Td>
      <Td className="max-w-48 break-words">
        <bdi>{entry.actorEmail}</bdi>
      </Td>
      <Td className="max-w-64 break-words" dir="auto">
        <bdi>{entry.reason}</bdi>
      </Td>
      <Td className="max-w-72 break-words">
        <ChangeSummary entry={entry} />
      </Td>
    </Tr>
  );
}

/** Every saved version of the rules, newest first, from the audit log: who saved it, why, and what it changed. */
function RulesHistory() {
  const { t } = useTranslation();
  const history = useInfiniteQuery(auditLogQueryOptions({ action: 'risk.update', limit: 20 }));
  return (
    <AdminSection title={t('admin.rules.history.title')} id="rules-history">
      <AdminList
        read={pagedList(history, (page) => page.entries)}
        label={t('admin.rules.history.table')}
        columns={[
          { label: t('admin.rules.history.version') },
          { label: t('admin.rules.history.time') },
          { label: t('admin.rules.history.admin') },
          { label: t('admin.rules.history.reason') },
          { label: t('admin.rules.history.what') },
        ]}
        minWidth="min-w-[48rem]"
        testId="rules-history-table"
        empty={t('admin.rules.history.empty')}
        rowKey={(entry) => entry.id}
        row={(entry) => <VersionRow entry={entry} />}
      />
    </AdminSection>
  );
}

/**
 * /admin/risk rules: the rules every checkout and payment is judged by (ADR 044), as in force and in an editor that
 * saves them with their version and a reason, and the history of the versions.
 */
export function RiskRulesPage() {
  const { t } = useTranslation();
  const query = useQuery(riskRulesQueryOptions());
  return (
    <AdminPageFrame title={t('admin.rules.title')} lead={t('admin.rules.lead')}>
      <Loaded query={query}>
        {(data) => (
          <>
            <AdminSection title={t('admin.rules.current')} id="rules-current">
              {data.settings.version === 0 && (
                <p className="text-sm text-muted-foreground" data-testid="rules-defaults-apply">
                  {t('admin.rules.usingDefaults')}
                </p>
              )}
              <RulesSummary settings={data.settings} testId="rules-current" />
            </AdminSection>
            <RulesEditor initial={data.settings} />
            <RulesHistory />
          </>
        )}
      </Loaded>
    </AdminPageFrame>
  );
}
