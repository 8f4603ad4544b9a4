import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { rangeParams, SETTING_RULES, type AdminPricingHistoryResponse, type PricingSettings } from '@shared/api/admin-settings';
import { priceTopUp, type FeeConfig } from '@shared/pricing';
import { DescriptionRow } from '@/components/ui/description-row';
import { priceHistoryQueryOptions, pricingQueryOptions, savePricing } from '../api/pricing';
import { AdminList, pagedList } from '../components/admin-list';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { LoadError, Loading } from '../components/query-state';
import { FeeRulesSection } from '../components/fee-rules/fee-rules-section';
import { ReferralSettingsSection } from '../components/referral-settings-section';
import { SettingsForm } from '../components/settings-form';
import { ScrollTable, Td, Th, Tr } from '../components/table';
import { feesOf } from '../lib/fee-rules';
import { formatCents, formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/** Amounts (USD cents) the preview prices: the spread of what customers send. */
const SAMPLE_AMOUNTS_CENTS = [500, 1000, 2500, 5000, 10000];

/** A difference's sign; none for no difference. */
const signOf = (cents: number) => (cents > 0 ? '+' : cents < 0 ? '−' : '');

function ChangeStamp({ group }: { group: Pick<PricingSettings, 'updatedAt' | 'updatedByEmail'> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!group.updatedAt) return <>{t('admin.settings.neverChanged')}</>;
  return <>{t('admin.settings.changedBy', { date: formatDateTime(group.updatedAt, language), email: group.updatedByEmail })}</>;
}

/** The fees as a list: in force now, or as a refused save found them. */
function FeeFacts({ pricing, testId }: { pricing: PricingSettings; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl className="divide-y text-sm" data-testid={testId}>
      <DescriptionRow label={t('admin.settings.pricing.airtimeFee')} testId={`${testId}-airtime-fee`} ltr>
        {pricing.airtimeFeePercent} %
      </DescriptionRow>
      <DescriptionRow label={t('admin.settings.pricing.standardFee')} testId={`${testId}-standard-fee`} ltr>
        ${pricing.standardFee}
      </DescriptionRow>
      <DescriptionRow label={t('admin.settings.version')} testId={`${testId}-version`}>
        {pricing.version}
      </DescriptionRow>
      <DescriptionRow label={t('admin.settings.changed')} testId={`${testId}-changed`}>
        <ChangeStamp group={pricing} />
      </DescriptionRow>
    </dl>
  );
}

/** What a customer pays for a few amounts with the fees in force and with the fees typed, through the checkout's own formula. */
function PricePreview({ current, next }: { current: FeeConfig; next: FeeConfig | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (cents: number) => <span dir="ltr">{formatCents(cents, language)}</span>;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('admin.settings.pricing.preview')}</h3>
      <ScrollTable label={t('admin.settings.pricing.previewTable')} minWidth="min-w-[28rem]" testId="pricing-preview">
        <thead>
          <tr>
            <Th>{t('admin.settings.pricing.amount')}</Th>
            <Th>{t('admin.settings.pricing.now')}</Th>
            <Th>{t('admin.settings.pricing.new')}</Th>
            <Th>{t('admin.settings.pricing.difference')}</Th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_AMOUNTS_CENTS.map((amountCents) => {
            const before = priceTopUp(amountCents, current).totalCents;
            const after = next ? priceTopUp(amountCents, next).totalCents : null;
            return (
              <Tr key={amountCents} data-testid="pricing-preview-row">
                <Td className="tabular-nums">{money(amountCents)}</Td>
                <Td className="tabular-nums">{money(before)}</Td>
                <Td className="font-medium tabular-nums" data-testid="pricing-preview-new">
                  {after === null ? t('admin.common.none') : money(after)}
                </Td>
                <Td className="tabular-nums">
                  {after === null ? (
                    t('admin.common.none')
                  ) : (
                    <span dir="ltr">{`${signOf(after - before)}${formatCents(Math.abs(after - before), language)}`}</span>
                  )}
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </ScrollTable>
    </div>
  );
}

type PriceChange = AdminPricingHistoryResponse['changes'][number];

function PriceChangeRow({ change }: { change: PriceChange }) {
  const language = useLanguage();
  return (
    <Tr data-testid="pricing-history-row">
      <Td className="tabular-nums">{change.version}</Td>
      <Td className="whitespace-nowrap">
        <time dateTime={change.createdAt}>{formatDateTime(change.createdAt, language)}</time>
      </Td>
      <Td className="max-w-48 break-words">
        <bdi>{change.actorEmail}</bdi>
      </Td>
      <Td className="tabular-nums" dir="ltr">
        {change.airtimeFeePercent} %
      </Td>
      <Td className="tabular-nums" dir="ltr">
        ${change.standardFee}
      </Td>
      <Td className="max-w-64 break-words" dir="auto">
        <bdi>{change.reason}</bdi>
      </Td>
    </Tr>
  );
}

function PriceHistory() {
  const { t } = useTranslation();
  const history = useInfiniteQuery(priceHistoryQueryOptions());
  return (
    <AdminSection title={t('admin.settings.pricing.history')} id="pricing-history">
      <AdminList
        read={pagedList(history, (page) => page.changes)}
        label={t('admin.settings.pricing.historyTable')}
        columns={[
          { label: t('admin.settings.pricing.columns.version') },
          { label: t('admin.settings.pricing.columns.time') },
          { label: t('admin.settings.pricing.columns.admin') },
          { label: t('admin.settings.pricing.columns.airtimeFee') },
          { label: t('admin.settings.pricing.columns.standardFee') },
          { label: t('admin.settings.pricing.columns.reason') },
        ]}
        minWidth="min-w-[48rem]"
        testId="pricing-history-table"
        empty={t('admin.settings.pricing.historyEmpty')}
        rowKey={(change) => change.version}
        row={(change) => <PriceChangeRow change={change} />}
      />
    </AdminSection>
  );
}

/** /admin/pricing: the fees in force, a form that previews new ones before saving them, and their history. */
export function PricingPage() {
  const { t } = useTranslation();
  const query = useQuery(pricingQueryOptions());
  const pricing = query.data?.pricing;
  const current = pricing ? feesOf(pricing.airtimeFeePercent, pricing.standardFee) : null;
  const fee = rangeParams(SETTING_RULES.airtimeFeePercent);
  const standard = rangeParams(SETTING_RULES.standardFee);

  return (
    <AdminPageFrame title={t('admin.settings.pricing.title')} lead={t('admin.settings.pricing.lead')}>
      {!pricing || !current ? (
        query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <AdminSection title={t('admin.settings.pricing.current')} id="pricing-current">
            <FeeFacts pricing={pricing} testId="pricing-current" />
          </AdminSection>
          <SettingsForm
            id="pricing-edit"
            title={t('admin.settings.pricing.edit')}
            inputs={[
              {
                name: 'airtimeFeePercent',
                label: t('admin.settings.pricing.airtimeFeeLabel'),
                hint: t('admin.settings.pricing.airtimeFeeHint', fee),
              },
              {
                name: 'standardFee',
                label: t('admin.settings.pricing.standardFeeLabel'),
                hint: t('admin.settings.pricing.standardFeeHint', standard),
              },
            ]}
            initial={pricing}
            valuesOf={(group) => ({ airtimeFeePercent: group.airtimeFeePercent, standardFee: group.standardFee })}
            save={async (values, version) => (await savePricing({ ...values, version })).pricing}
            submitLabel={t('admin.settings.pricing.save')}
            savedText={(saved) => t('admin.settings.pricing.saved', { version: saved.version })}
            describe={(group) => <FeeFacts pricing={group} testId="pricing-conflict" />}
            preview={(values) => <PricePreview current={current} next={feesOf(values.airtimeFeePercent, values.standardFee)} />}
          />
          <FeeRulesSection global={current} />
          <ReferralSettingsSection />
          <PriceHistory />
        </>
      )}
    </AdminPageFrame>
  );
}
