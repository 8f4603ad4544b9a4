import { useTranslation } from 'react-i18next';
import type { RiskCondition, RiskSettings } from '@shared/api/risk';
import { DescriptionRow } from '@/components/ui/description-row';
import { Badge } from '../status-badge';
import { SettingsStampRows } from '../settings-stamp-rows';

/** A condition in words: "Provider's risk level = elevated". */
export function ConditionText({ condition }: { condition: RiskCondition }) {
  const { t } = useTranslation();
  const value =
    typeof condition.value === 'boolean' ? (
      t(condition.value ? 'admin.risk.yes' : 'admin.risk.no')
    ) : (
      <bdi translate="no">{String(condition.value)}</bdi>
    );
  return (
    <>
      {t(`admin.risk.signals.${condition.signal}`)} {t(`admin.rules.opSigns.${condition.op}`)} {value}
    </>
  );
}

/** The rules and window in force (or as a refused save found them): each rule's action, switch and conditions. */
export function RulesSummary({ settings, testId }: { settings: RiskSettings; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid={testId}>
      <dl className="divide-y">
        <DescriptionRow label={t('admin.rules.reviewWindow')} testId={`${testId}-window`}>
          {t('admin.rules.minutes', { count: settings.reviewWindowMinutes })}
        </DescriptionRow>
        <SettingsStampRows settings={settings} testId={testId} />
      </dl>
      <ul className="flex flex-col divide-y rounded-lg border" aria-label={t('admin.rules.inForce')}>
        {settings.rules.map((rule) => (
          <li key={rule.id} className="flex flex-col gap-1 p-3" data-testid={`${testId}-rule`} data-rule-id={rule.id}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={rule.enabled === false ? 'neutral' : rule.action === 'refuse' ? 'bad' : rule.action === 'allow' ? 'good' : 'warn'}>
                {rule.enabled === false ? t('admin.rules.off') : t(`admin.risk.actions.${rule.action}`)}
              </Badge>
              <bdi className="font-medium">{rule.description}</bdi>
            </div>
            <p className="text-muted-foreground">
              {rule.when.map((condition, index) => (
                <span key={index}>
                  {index > 0 && ` ${t('admin.rules.and')} `}
                  <ConditionText condition={condition} />
                </span>
              ))}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
