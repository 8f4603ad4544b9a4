import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { rangeParams, SETTING_RULES, type LimitsSettings, type LimitValues } from '@shared/api/admin-settings';
import { toCents } from '@shared/pricing';
import { DescriptionRow } from '@/components/ui/description-row';
import { ADMIN_PATHS } from '../admin-paths';
import { limitsQueryOptions, saveLimits } from '../api/limits';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { AlertSettingsSection } from '../components/alert-settings-section';
import { linkClass } from '../components/link-class';
import { LoadError, Loading } from '../components/query-state';
import { SettingsForm } from '../components/settings-form';
import { auditFiltersToParams, NO_AUDIT_FILTERS } from '../lib/audit-filters';
import { formatCents } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { SettingsStampRows } from '../components/settings-stamp-rows';

/** The three limits as a list. */
function LimitFacts({ values, testId }: { values: LimitValues; testId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <DescriptionRow label={t('admin.settings.limits.dailySpendLimit')} testId={`${testId}-daily`}>
        <span dir="ltr">{formatCents(toCents(values.dailySpendLimit), language)}</span>
      </DescriptionRow>
      <DescriptionRow label={t('admin.settings.limits.recipientCooldown')} testId={`${testId}-cooldown`}>
        {values.recipientCooldownMinutes}
      </DescriptionRow>
      <DescriptionRow label={t('admin.settings.limits.checkoutAttempts')} testId={`${testId}-attempts`}>
        {values.checkoutAttemptsPerMinute}
      </DescriptionRow>
    </>
  );
}

/** The limits in force with their version, or as a refused save found them. */
function LimitsFacts({ limits, testId }: { limits: LimitsSettings; testId: string }) {
  return (
    <dl className="divide-y text-sm" data-testid={testId}>
      <LimitFacts values={limits} testId={testId} />
      <SettingsStampRows settings={limits} testId={testId} />
    </dl>
  );
}

const auditOfLimits = `${ADMIN_PATHS.audit}?${auditFiltersToParams({ ...NO_AUDIT_FILTERS, action: 'limits.update' }).toString()}`;

/** /admin/limits: the daily spending cap, the wait between top-ups of a number and the checkout attempts a minute. */
export function LimitsPage() {
  const { t } = useTranslation();
  const query = useQuery(limitsQueryOptions());
  const data = query.data;
  const range = (name: keyof typeof SETTING_RULES) => rangeParams(SETTING_RULES[name]);

  return (
    <AdminPageFrame title={t('admin.settings.limits.title')} lead={t('admin.settings.limits.lead')}>
      {!data ? (
        query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <AdminSection title={t('admin.settings.limits.current')} id="limits-current">
            {data.limits.version === 0 && (
              <p className="text-sm text-muted-foreground" data-testid="limits-defaults-apply">
                {t('admin.settings.limits.usingDefaults')}
              </p>
            )}
            <LimitsFacts limits={data.limits} testId="limits-current" />
            <h3 className="pt-2 text-sm font-semibold">{t('admin.settings.limits.defaults')}</h3>
            <dl className="divide-y text-sm" data-testid="limits-defaults">
              <LimitFacts values={data.defaults} testId="limits-defaults" />
            </dl>
            <Link to={auditOfLimits} className={`${linkClass} text-sm`}>
              {t('admin.settings.limits.auditLink')}
            </Link>
          </AdminSection>
          <SettingsForm
            id="limits-edit"
            title={t('admin.settings.limits.edit')}
            inputs={[
              {
                name: 'dailySpendLimit',
                label: t('admin.settings.limits.dailySpendLimitLabel'),
                hint: t('admin.settings.limits.dailySpendLimitHint', range('dailySpendLimit')),
              },
              {
                name: 'recipientCooldownMinutes',
                label: t('admin.settings.limits.recipientCooldownLabel'),
                hint: t('admin.settings.limits.recipientCooldownHint', range('recipientCooldownMinutes')),
                whole: true,
              },
              {
                name: 'checkoutAttemptsPerMinute',
                label: t('admin.settings.limits.checkoutAttemptsLabel'),
                hint: t('admin.settings.limits.checkoutAttemptsHint', range('checkoutAttemptsPerMinute')),
                whole: true,
              },
            ]}
            initial={data.limits}
            valuesOf={(group) => ({
              dailySpendLimit: group.dailySpendLimit,
              recipientCooldownMinutes: String(group.recipientCooldownMinutes),
              checkoutAttemptsPerMinute: String(group.checkoutAttemptsPerMinute),
            })}
            save={async (values, version) => (await saveLimits({ ...values, version })).limits}
            submitLabel={t('admin.settings.limits.save')}
            savedText={(saved) => t('admin.settings.limits.saved', { version: saved.version })}
            describe={(group) => <LimitsFacts limits={group} testId="limits-conflict" />}
          />
          <AlertSettingsSection />
        </>
      )}
    </AdminPageFrame>
  );
}
