import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '@shared/api/admin';
import { DescriptionRow } from '@/components/ui/description-row';
import { formatCents, formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';

/** What an order cost us and what it left (ADR 050): the provider's cost, the processor's fees, refunds and the margin. */
export function OrderMoney({ money }: { money: AdminOrderDetail['money'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('admin.common.none');
  const cents = (value: number | null) => (value === null ? none : formatCents(value, language));
  const walletDebit =
    money.walletDebit !== null && money.walletCurrencyCode !== null && money.walletCurrencyCode !== 'USD'
      ? formatMoney(Number(money.walletDebit), money.walletCurrencyCode, language)
      : null;
  return (
    <AdminSection title={t('admin.money.title')} id="order-money">
      <dl className="text-sm">
        <DescriptionRow label={t('admin.money.captured')} testId="order-money-captured" ltr>
          {cents(money.capturedCents)}
        </DescriptionRow>
        <DescriptionRow label={t('admin.money.providerCost')} testId="order-money-provider-cost" ltr>
          {cents(money.providerCostCents)}
          {walletDebit && <span className="text-muted-foreground block text-xs">{t('admin.money.walletDebit', { amount: walletDebit })}</span>}
        </DescriptionRow>
        <DescriptionRow label={t('admin.money.processorFee')} testId="order-money-processor-fee" ltr>
          {cents(money.processorFeeCents)}
        </DescriptionRow>
        {money.disputeFeeCents !== null && (
          <DescriptionRow label={t('admin.money.disputeFee')} testId="order-money-dispute-fee" ltr>
            {cents(money.disputeFeeCents)}
          </DescriptionRow>
        )}
        <DescriptionRow label={t('admin.money.refunded')} testId="order-money-refunded" ltr>
          {cents(money.refundedCents + money.disputedCents)}
        </DescriptionRow>
        <DescriptionRow label={t('admin.money.margin')} testId="order-money-margin" ltr strong>
          {cents(money.marginCents)}
        </DescriptionRow>
      </dl>
    </AdminSection>
  );
}
