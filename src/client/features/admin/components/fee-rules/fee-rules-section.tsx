import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import type { FeeRule } from '@shared/api/admin-fee-rules';
import type { FeeConfig } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { feeRulesQueryOptions, removeFeeRule } from '../../api/fee-rules';
import { ADMIN_QUERY_KEY } from '../../api/request';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { AdminList, wholeList } from '../admin-list';
import { AdminSection } from '../admin-page-frame';
import { ReasonDialog } from '../reason-dialog';
import { Td, Tr } from '../table';
import { FeeRuleEditor } from './fee-rule-editor';

/** A rule's remove button and the reason dialog every change of the console asks for. */
function RemoveRule({ rule, version }: { rule: FeeRule; version: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const scope = rule.operatorName ?? rule.countryCode;
  const mutation = useMutation({
    mutationFn: (reason: string) => removeFeeRule({ version, countryCode: rule.countryCode, operatorId: rule.operatorId, reason }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      setOpen(false);
      toast({ title: t('admin.corridors.removed', { scope }) });
    },
  });
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-label={t('admin.corridors.removeLabel', { scope })}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
        data-testid="fee-rule-remove"
      >
        {t('admin.corridors.remove')}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin.corridors.removeLabel', { scope })}
        description={t('admin.corridors.removeBody')}
        submitLabel={t('admin.corridors.remove')}
        destructive
        reasonHint={t('admin.settings.reasonHint', { max: ADMIN_REASON_MAX_LENGTH })}
        pending={mutation.isPending}
        error={mutation.isError ? mutation.error : null}
        onSubmit={(reason) => mutation.mutate(reason)}
      />
    </>
  );
}

function RuleRow({ rule, version }: { rule: FeeRule; version: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid="fee-rule-row">
      <Td className="font-medium">{rule.countryCode}</Td>
      <Td>{rule.operatorName ? <bdi>{rule.operatorName}</bdi> : t('admin.corridors.wholeCountry')}</Td>
      <Td className="tabular-nums" dir="ltr">
        {rule.airtimeFeePercent} %
      </Td>
      <Td className="tabular-nums" dir="ltr">
        ${rule.standardFee}
      </Td>
      <Td className="text-xs">
        {rule.updatedAt && t('admin.settings.changedBy', { date: formatDateTime(rule.updatedAt, language), email: rule.updatedByEmail })}
      </Td>
      <Td>
        <RemoveRule rule={rule} version={version} />
      </Td>
    </Tr>
  );
}

/** The Pricing page's fee rules per corridor: those in force, and an editor with the margin preview. */
export function FeeRulesSection({ global }: { global: FeeConfig }) {
  const { t } = useTranslation();
  const query = useQuery(feeRulesQueryOptions());
  const version = query.data?.version ?? 0;
  return (
    <AdminSection title={t('admin.corridors.title')} id="fee-rules">
      <p className="text-sm text-muted-foreground">{t('admin.corridors.lead')}</p>
      <AdminList
        read={wholeList(query, (data) => data.rules)}
        label={t('admin.corridors.table')}
        columns={[
          { label: t('admin.corridors.country') },
          { label: t('admin.corridors.operator') },
          { label: t('admin.settings.pricing.airtimeFee') },
          { label: t('admin.settings.pricing.standardFee') },
          { label: t('admin.settings.changed') },
          { label: t('admin.corridors.actions') },
        ]}
        minWidth="min-w-[44rem]"
        testId="fee-rules-table"
        empty={t('admin.corridors.empty')}
        rowKey={(rule) => `${rule.countryCode}:${rule.operatorId ?? ''}`}
        row={(rule) => <RuleRow rule={rule} version={version} />}
      />
      {query.data && <FeeRuleEditor version={version} rules={query.data.rules} global={global} />}
    </AdminSection>
  );
}
