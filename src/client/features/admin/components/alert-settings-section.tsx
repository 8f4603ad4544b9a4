import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AlertSettings, AlertValues } from '@shared/api/admin-alerts';
import { rangeParams, SETTING_RULES } from '@shared/api/admin-settings';
import { toCents } from '@shared/pricing';
import { DescriptionRow } from '@/components/ui/description-row';
import { ADMIN_PATHS } from '../admin-paths';
import { alertSettingsQueryOptions, saveAlertSettings } from '../api/alerts';
import { auditFiltersToParams, NO_AUDIT_FILTERS } from '../lib/audit-filters';
import { formatCents } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { AdminSection } from './admin-page-frame';
import { CheckOption } from './check-option';
import { linkClass } from './link-class';
import { LoadError, Loading } from './query-state';
import { SettingsForm } from './settings-form';
import { SettingsStampRows } from './settings-stamp-rows';

/** The alerts' thresholds as a list. */
function AlertFacts({ values, testId }: { values: AlertValues; testId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const row = (name: keyof AlertValues, label: string, value: React.ReactNode) => (
    <DescriptionRow label={label} testId={`${testId}-${name}`}>
      {value}
    </DescriptionRow>
  );
  return (
    <>
      {row('lowBalance', t('admin.alerts.settings.lowBalance'), <span dir="ltr">{formatCents(toCents(values.lowBalance), language)}</span>)}
      {row('operatorFailures', t('admin.alerts.settings.operatorFailures'), values.operatorFailures)}
      {row('operatorFailedPercent', t('admin.alerts.settings.operatorFailedPercent'), values.operatorFailedPercent)}
      {row('operatorMinutes', t('admin.alerts.settings.operatorMinutes'), values.operatorMinutes)}
      {row(
        'switchOffFailingOperators',
        t('admin.alerts.settings.switchOff'),
        values.switchOffFailingOperators ? t('admin.alerts.settings.on') : t('admin.alerts.settings.off'),
      )}
      {row('declinePercent', t('admin.alerts.settings.declinePercent'), values.declinePercent)}
      {row('declineMinPayments', t('admin.alerts.settings.declineMinPayments'), values.declineMinPayments)}
      {row(
        'settlementEmail',
        t('admin.alerts.settings.settlementEmail'),
        values.settlementEmail
          ? `${t('admin.alerts.settings.on')} · ${t('admin.alerts.settings.settlementEmailAt', { hour: String(values.settlementEmailHour).padStart(2, '0') })}`
          : t('admin.alerts.settings.off'),
      )}
    </>
  );
}

function AlertSettingsFacts({ settings, testId }: { settings: AlertSettings; testId: string }) {
  return (
    <dl className="divide-y text-sm" data-testid={testId}>
      <AlertFacts values={settings} testId={testId} />
      <SettingsStampRows settings={settings} testId={testId} />
    </dl>
  );
}

const auditOfAlerts = `${ADMIN_PATHS.audit}?${auditFiltersToParams({ ...NO_AUDIT_FILTERS, action: 'alerts.update' }).toString()}`;

/** The Limits page's alerts part (docs/decisions/061-…): the thresholds in force and their form, versioned and audited. */
export function AlertSettingsSection() {
  const { t } = useTranslation();
  const query = useQuery(alertSettingsQueryOptions());
  const [switchOff, setSwitchOff] = useState<boolean | null>(null);
  const [mailSettlement, setMailSettlement] = useState<boolean | null>(null);
  const data = query.data;
  if (!data) {
    return (
      <AdminSection title={t('admin.alerts.settings.title')} id="alerts-current">
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : <Loading />}
      </AdminSection>
    );
  }
  const range = (name: keyof typeof SETTING_RULES) => rangeParams(SETTING_RULES[name]);
  const countHint = (name: keyof typeof SETTING_RULES) => t('admin.alerts.settings.countHint', range(name));
  const switchedOff = switchOff ?? data.settings.switchOffFailingOperators;
  const settlementEmail = mailSettlement ?? data.settings.settlementEmail;
  return (
    <>
      <AdminSection title={t('admin.alerts.settings.title')} id="alerts-current">
        <p className="text-sm text-muted-foreground">{t('admin.alerts.settings.lead')}</p>
        {data.settings.version === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="alerts-defaults-apply">
            {t('admin.alerts.settings.usingDefaults')}
          </p>
        )}
        <AlertSettingsFacts settings={data.settings} testId="alerts-current" />
        <Link to={auditOfAlerts} className={`${linkClass} text-sm`}>
          {t('admin.alerts.settings.auditLink')}
        </Link>
      </AdminSection>
      <SettingsForm
        id="alerts-edit"
        title={t('admin.alerts.settings.edit')}
        inputs={[
          {
            name: 'lowBalance',
            label: t('admin.alerts.settings.lowBalanceLabel'),
            hint: t('admin.alerts.settings.lowBalanceHint', range('lowBalance')),
          },
          { name: 'operatorFailures', label: t('admin.alerts.settings.operatorFailures'), hint: countHint('operatorFailures'), whole: true },
          {
            name: 'operatorFailedPercent',
            label: t('admin.alerts.settings.operatorFailedPercent'),
            hint: countHint('operatorFailedPercent'),
            whole: true,
          },
          { name: 'operatorMinutes', label: t('admin.alerts.settings.operatorMinutes'), hint: countHint('operatorMinutes'), whole: true },
          { name: 'declinePercent', label: t('admin.alerts.settings.declinePercent'), hint: countHint('declinePercent'), whole: true },
          { name: 'declineMinPayments', label: t('admin.alerts.settings.declineMinPayments'), hint: countHint('declineMinPayments'), whole: true },
          {
            name: 'settlementEmailHour',
            label: t('admin.alerts.settings.settlementEmailHour'),
            hint: t('admin.alerts.settings.settlementEmailHourHint', range('settlementEmailHour')),
            whole: true,
          },
        ]}
        initial={data.settings}
        valuesOf={(group) => ({
          lowBalance: group.lowBalance,
          operatorFailures: String(group.operatorFailures),
          operatorFailedPercent: String(group.operatorFailedPercent),
          operatorMinutes: String(group.operatorMinutes),
          declinePercent: String(group.declinePercent),
          declineMinPayments: String(group.declineMinPayments),
          settlementEmailHour: String(group.settlementEmailHour),
        })}
        extra={
          <>
            <CheckOption
              boxed
              id="alert-switch-off"
              checked={switchedOff}
              onChange={setSwitchOff}
              label={t('admin.alerts.settings.switchOff')}
              hint={t('admin.alerts.settings.switchOffHint')}
              testId="setting-switchOffFailingOperators"
            />
            <CheckOption
              boxed
              id="alert-settlement-email"
              checked={settlementEmail}
              onChange={setMailSettlement}
              label={t('admin.alerts.settings.settlementEmail')}
              hint={t('admin.alerts.settings.settlementEmailHint')}
              testId="setting-settlementEmail"
            />
          </>
        }
        save={async (values, version) =>
          (await saveAlertSettings({ ...values, switchOffFailingOperators: switchedOff, settlementEmail, version })).settings
        }
        submitLabel={t('admin.alerts.settings.save')}
        savedText={(saved) => t('admin.alerts.settings.saved', { version: saved.version })}
        describe={(group) => <AlertSettingsFacts settings={group} testId="alerts-conflict" />}
      />
    </>
  );
}
