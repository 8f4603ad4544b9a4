import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import type { Accepted } from '../use-payment-outcome';

const TEXTS: Record<Accepted, { title: string; body: string }> = {
  authorised: { title: 'payment.toasts.successTitle', body: 'payment.toasts.successBody' },
  confirming: { title: 'payment.toasts.pendingTitle', body: 'payment.toasts.pendingBody' },
};

/**
 * 'Payment Successful' (or 'Payment Being Confirmed') under the Pay button it answers, for the moment before the result
 * screen replaces the form, and gone with it (ADR 065).
 */
export function PaymentAccepted({ accepted }: { accepted: Accepted }) {
  const { t } = useTranslation();
  const { title, body } = TEXTS[accepted];
  return (
    <div role="status" className="flex gap-2 rounded-lg border border-primary/40 bg-accent/60 p-3 text-sm" data-testid="payment-accepted">
      <Icon name="check" className="mt-0.5 size-4 text-primary" />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-semibold">{t(title)}</p>
        <p className="break-words">{t(body)}</p>
      </div>
    </div>
  );
}
