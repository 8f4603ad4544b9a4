import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { OrderRiskView } from '@shared/api/risk';
import { DescriptionRow } from '@/components/ui/description-row';
import { orderRiskQueryOptions } from '../../api/risk';
import { AdminSection } from '../admin-page-frame';

/** Every signal the risk desk read for the order, at checkout and at authorisation, what it decided and which rules fired. */
export function RiskSignals({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const risk = useQuery(orderRiskQueryOptions(orderId));
  const view = risk.data?.risk;
  return (
    <AdminSection title={t('admin.risk.title')} id="order-risk">
      {view ? <RiskFacts view={view} /> : <p className="text-sm text-muted-foreground">{risk.isPending ? '…' : t('admin.risk.none')}</p>}
    </AdminSection>
  );
}

function RiskFacts({ view }: { view: OrderRiskView }) {
  const { t } = useTranslation();
  const show = (value: unknown) => {
    if (value === null || value === undefined) return t('admin.risk.notYet');
    if (typeof value === 'boolean') return t(value ? 'admin.risk.yes' : 'admin.risk.no');
    // A signal's value is data (a country code, a domain, a fingerprint), never text to translate.
    return <bdi translate="no">{String(value)}</bdi>;
  };
  const rows = (signals: Record<string, unknown>, stage: string) =>
    Object.entries(signals).map(([name, value]) => (
      <DescriptionRow key={`${stage}-${name}`} label={t(`admin.risk.signals.${name}`, { defaultValue: name })} testId={`risk-${name}`}>
        {show(value)}
      </DescriptionRow>
    ));
  return (
    <div className="grid gap-4 text-sm md:grid-cols-2">
      <div>
        <h3 className="mb-1 font-semibold">
          {t('admin.risk.checkout')}: {t(`admin.risk.actions.${view.checkoutDecision}`)}
        </h3>
        <dl>
          <DescriptionRow label={t('admin.risk.address')} testId="risk-clientAddress">
            {show(view.clientAddress)}
          </DescriptionRow>
          {rows(view.checkout, 'checkout')}
        </dl>
      </div>
      <div>
        <h3 className="mb-1 font-semibold">
          {t('admin.risk.payment')}: {view.paymentDecision ? t(`admin.risk.actions.${view.paymentDecision}`) : t('admin.risk.notYet')}
        </h3>
        {view.payment && <dl>{rows(view.payment, 'payment')}</dl>}
        <h3 className="mt-3 mb-1 font-semibold">{t('admin.risk.rulesFired')}</h3>
        {view.firedRules.length === 0 ? (
          <p>{t('admin.risk.noRules')}</p>
        ) : (
          <ul className="list-disc ps-5" data-testid="risk-fired-rules">
            {view.firedRules.map((rule) => (
              <li key={`${rule.stage}-${rule.id}`}>
                <bdi>{rule.description}</bdi> — {t(`admin.risk.actions.${rule.action}`)} ({t(`admin.risk.${rule.stage}`)})
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
