import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { rangeParams, SETTING_RULES } from '@shared/api/admin-settings';
import type { ReferralSettings } from '@shared/api/referrals';
import { formatUsd } from '@shared/pricing';
import { DescriptionRow } from '@/components/ui/description-row';
import { referralSettingsQueryOptions, saveReferralSettings } from '../api/referrals';
import { formatCents } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { AdminSection } from './admin-page-frame';
import { LoadError, Loading } from './query-state';
import { SettingsForm } from './settings-form';
import { SettingsStampRows } from './settings-stamp-rows';

/** The referral settings as a list: in force now, or as a refused save found them. */
function ReferralFacts({ settings, testId }: { settings: ReferralSettings; testId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <dl className="divide-y text-sm" data-testid={testId}>
      <DescriptionRow label={t('admin.referrals.friendDiscount')} testId={`${testId}-friend-discount`} ltr>
        {formatCents(settings.friendDiscountCents, language)}
      </DescriptionRow>
      <DescriptionRow label={t('admin.referrals.referrerCredit')} testId={`${testId}-referrer-credit`} ltr>
        {formatCents(settings.referrerCreditCents, language)}
      </DescriptionRow>
      <DescriptionRow label={t('admin.referrals.disputeWindow')} testId={`${testId}-window`}>
        {settings.disputeWindowDays}
      </DescriptionRow>
      <SettingsStampRows settings={settings} testId={testId} />
    </dl>
  );
}

/**
 * The pricing page's "Refer a friend" (ADR 070): the friend's welcome discount, the referrer's credit and the dispute
 * window, versioned and audited like the fees.
 */
export function ReferralSettingsSection() {
  const { t } = useTranslation();
  const query = useQuery(referralSettingsQueryOptions());
  const settings = query.data?.settings;
  if (!settings) {
    return (
      <AdminSection title={t('admin.referrals.settingsTitle')} id="referral-settings">
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : <Loading />}
      </AdminSection>
    );
  }
  return (
    <>
      <AdminSection title={t('admin.referrals.settingsTitle')} id="referral-settings">
        <ReferralFacts settings={settings} testId="referral-settings-current" />
      </AdminSection>
      <SettingsForm
        id="referral-settings-edit"
        title={t('admin.referrals.edit')}
        inputs={[
          {
            name: 'friendDiscount',
            label: t('admin.referrals.friendDiscountLabel'),
            hint: t('admin.referrals.amountHint', rangeParams(SETTING_RULES.friendDiscount)),
          },
          {
            name: 'referrerCredit',
            label: t('admin.referrals.referrerCreditLabel'),
            hint: t('admin.referrals.amountHint', rangeParams(SETTING_RULES.referrerCredit)),
          },
          {
            name: 'disputeWindowDays',
            label: t('admin.referrals.disputeWindowLabel'),
            hint: t('admin.referrals.disputeWindowHint', rangeParams(SETTING_RULES.disputeWindowDays)),
            whole: true,
          },
        ]}
        initial={settings}
        valuesOf={(group) => ({
          friendDiscount: formatUsd(group.friendDiscountCents),
          referrerCredit: formatUsd(group.referrerCreditCents),
          disputeWindowDays: String(group.disputeWindowDays),
        })}
        save={async (values, version) => (await saveReferralSettings({ ...values, version })).settings}
        submitLabel={t('admin.referrals.save')}
        savedText={(saved) => t('admin.referrals.saved', { version: saved.version })}
        describe={(group) => <ReferralFacts settings={group} testId="referral-settings-conflict" />}
      />
    </>
  );
}
