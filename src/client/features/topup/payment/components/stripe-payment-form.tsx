import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { ROUTES } from '@shared/routes';
import { useTheme } from '@/lib/theme';
import { useUiLanguage } from '../../use-ui-language';
import { PayButtons } from './pay-buttons';
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

/** Stripe's Payment Element (docs/product.md §7): tabs, card then Cash App, no Apple Pay or Google Pay. */
export function StripePaymentForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  const language = useUiLanguage();
  const { resolvedTheme } = useTheme();
  const clientSecret = props.intent.clientSecret;
  const options = useMemo(
    () => ({ clientSecret, appearance: appearanceFor(resolvedTheme), locale: language }),
    [clientSecret, resolvedTheme, language],
  );
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <StripeCheckoutForm {...props} />
    </Elements>
  );
}

function StripeCheckoutForm({ receiptEmail, payLabel, locked, errorKey, onAttempt, onUnexpectedError, onEdit, onCancel }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    onEdit();
    setPaying(true);
    try {
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
        options={{ layout: 'tabs', paymentMethodOrder: ['card', 'cashapp'], wallets: { applePay: 'never', googlePay: 'never' } }}
        onReady={() => setReady(true)}
        onChange={onEdit}
        onLoadError={onUnexpectedError}
      />
      <PayButtons payLabel={payLabel} paying={paying} locked={locked} canPay={ready && Boolean(stripe)} errorKey={errorKey} onCancel={onCancel} />
    </form>
  );
}
