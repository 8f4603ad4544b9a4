import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { ROUTES } from '@shared/routes';
import { useTheme } from '@/lib/theme';
import { useUiLanguage } from '../../use-ui-language';
import { OFFERS_CASH_APP } from '@shared/accepted-payments';
import { PayButtons } from './pay-buttons';
import { SaveCardCheckbox } from './saved-card-form';
import type { PaymentFormProps } from './payment-form-props';

/** Stripe.js is fetched from Stripe once, on the first payment, not with the page. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** The card colours of styles.css, since the Payment Element draws in Stripe's own frame and cannot read them. */
const STRIPE_COLOURS = {
  light: { colorPrimary: '#0f766e', colorBackground: '#ffffff', colorText: '#0f172a', colorDanger: '#b91c1c' },
  dark: { colorPrimary: '#2dd4bf', colorBackground: '#111827', colorText: '#f1f5f9', colorDanger: '#f87171' },
} as const;

function appearanceFor(theme: 'light' | 'dark'): Appearance {
  return { theme: theme === 'dark' ? 'night' : 'stripe', variables: { ...STRIPE_COLOURS[theme], borderRadius: '8px' } };
}

const toDetail = (error: StripeError) => ({ type: error.type, code: error.code, decline_code: error.decline_code, message: error.message ?? '' });

/**
 * Stripe's Payment Element (docs/product.md §7): tabs, card then Cash App, with Apple Pay and Google Pay where the
 * browser offers them (ADR 064) and the customer's saved cards through their CustomerSession (ADR 063).
 */
export function StripePaymentForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  const language = useUiLanguage();
  const { resolvedTheme } = useTheme();
  const { clientSecret, customerSessionClientSecret } = props.intent;
  const options = useMemo(
    () => ({
      clientSecret,
      appearance: appearanceFor(resolvedTheme),
      locale: language,
      ...(customerSessionClientSecret ? { customerSessionClientSecret } : {}),
    }),
    [clientSecret, resolvedTheme, language, customerSessionClientSecret],
  );
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <StripeCheckoutForm {...props} />
    </Elements>
  );
}

function StripeCheckoutForm({
  receiptEmail,
  payLabel,
  locked,
  errorKey,
  onAttempt,
  onUnexpectedError,
  onEdit,
  onCancel,
  choosePaymentMethod,
}: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  const [savedFor, setSavedFor] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    onEdit();
    setPaying(true);
    try {
      // The intent learns to keep the card (setup_future_usage) before it is confirmed; the Element reads it again.
      if (choosePaymentMethod && saveCard !== savedFor) {
        await choosePaymentMethod({ saveCard });
        await elements.fetchUpdates();
        setSavedFor(saveCard);
      }
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${ROUTES.paymentComplete}`, ...(receiptEmail ? { receipt_email: receiptEmail } : {}) },
        redirect: 'if_required',
      });
      // The Payment Element shows its own message next to an incomplete field.
      if (result.error?.type === 'validation_error') return;
      if (result.error) onAttempt({ error: toDetail(result.error) });
      else
        onAttempt({
          paymentIntent: {
            id: result.paymentIntent.id,
            status: result.paymentIntent.status,
            amount: result.paymentIntent.amount,
            currency: result.paymentIntent.currency,
          },
        });
    } catch (error) {
      onUnexpectedError(error);
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <PaymentElement
        options={{
          layout: 'tabs',
          paymentMethodOrder: OFFERS_CASH_APP ? ['card', 'cashapp'] : ['card'],
          wallets: { applePay: 'auto', googlePay: 'auto' },
        }}
        onReady={() => setReady(true)}
        onChange={onEdit}
        onLoadError={onUnexpectedError}
      />
      {choosePaymentMethod && <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} disabled={locked || paying} />}
      <PayButtons payLabel={payLabel} paying={paying} locked={locked} canPay={ready && Boolean(stripe)} errorKey={errorKey} onCancel={onCancel} />
    </form>
  );
}
