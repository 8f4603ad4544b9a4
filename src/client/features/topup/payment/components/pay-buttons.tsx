import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';

/** The message of a payment that failed for no reason the provider gave ('Payment Error'). */
const UNEXPECTED_ERROR_KEY = 'payment.toasts.errorBody';

interface PayButtonsProps {
  payLabel: string;
  paying: boolean;
  /** The payment is authorised: nothing more to press. */
  locked: boolean;
  /** False while the form cannot take a payment yet (Stripe's form still loading). */
  canPay?: boolean;
  errorKey: string | null;
  onCancel(): void;
}

/** The refusal message, if any, then Cancel and 'Pay $X.XX' (the form's submit button). */
export function PayButtons({ payLabel, paying, locked, canPay = true, errorKey, onCancel }: PayButtonsProps) {
  const { t } = useTranslation();
  // Pressing a button must not blur the field first: its message would appear, move the buttons and lose the click.
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  return (
    <div className="flex flex-col gap-3">
      {/* The one place a refusal is told (ADR 065): beside the card and the button that tries again. */}
      {errorKey && (
        <InlineError title={t(errorKey === UNEXPECTED_ERROR_KEY ? 'payment.toasts.errorTitle' : 'payment.toasts.failedTitle')} testId="payment-error">
          {t(errorKey)}
        </InlineError>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="outline" size="lg" onMouseDown={keepFocus} onClick={onCancel} disabled={paying || locked}>
          {t('payment.cancel')}
        </Button>
        <Button type="submit" size="lg" onMouseDown={keepFocus} disabled={paying || locked || !canPay} aria-busy={paying}>
          {paying && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
          <span dir="auto">{paying ? t('payment.paying') : payLabel}</span>
        </Button>
      </div>
    </div>
  );
}
