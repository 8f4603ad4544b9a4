import Stripe from 'stripe';
import type { Payment, SavedCard, SavedCardsAtProvider } from '../provider';

type CallStripe = (request: () => Promise<Stripe.PaymentIntent>) => Promise<Payment>;
type ProviderError = (error: InstanceType<typeof Stripe.errors.StripeError>) => Error;

/**
 * Stripe's Customers and PaymentMethods behind SavedCardsAtProvider (ADR 063): a card is saved by paying with
 * setup_future_usage 'on_session' for the customer (Stripe then attaches it), listed in the Payment Element through a
 * CustomerSession, and forgotten by detaching it.
 */
export function createStripeSavedCards(stripe: Stripe, callStripe: CallStripe, providerError: ProviderError): SavedCardsAtProvider {
  /** A Stripe call whose Stripe errors become PaymentProviderErrors. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw error instanceof Stripe.errors.StripeError ? providerError(error) : error;
    }
  }

  return {
    async createCustomer({ userId, email, idempotencyKey }) {
      const customer = await call(() => stripe.customers.create({ ...(email ? { email } : {}), metadata: { userId } }, { idempotencyKey }));
      return customer.id;
    },

    choosePaymentMethod(paymentId, choice) {
      // An empty string is how Stripe's API unsets setup_future_usage on an unpaid intent.
      return callStripe(() =>
        stripe.paymentIntents.update(paymentId, {
          ...(choice.customerId ? { customer: choice.customerId } : {}),
          setup_future_usage: choice.saveCard ? 'on_session' : '',
          ...(choice.paymentMethodId ? { payment_method: choice.paymentMethodId } : {}),
        }),
      );
    },

    async detachCard(providerMethodId) {
      try {
        await stripe.paymentMethods.detach(providerMethodId);
      } catch (error) {
        // Already detached (or never attached): what was asked for holds.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || /not attached/i.test(error.message))) return;
        throw error instanceof Stripe.errors.StripeError ? providerError(error) : error;
      }
    },

    async customerSessionSecret(customerId) {
      const session = await call(() =>
        stripe.customerSessions.create({
          customer: customerId,
          components: {
            payment_element: {
              enabled: true,
              // Saved cards are listed to pay with; removing one is the profile's, saving one our checkbox's.
              features: { payment_method_redisplay: 'enabled', payment_method_remove: 'disabled', payment_method_save: 'disabled' },
            },
          },
        }),
      );
      return session.client_secret;
    },

    confirmOffSession(paymentId, { paymentMethodId, idempotencyKey }) {
      // The intent was made with manual capture for the customer; confirmed without them (an auto top-up, ADR 068). A
      // bank asking for authentication answers authentication_required, which the adapter passes on as its code.
      return callStripe(() => stripe.paymentIntents.confirm(paymentId, { payment_method: paymentMethodId, off_session: true }, { idempotencyKey }));
    },
  };
}

/**
 * The card an authorised intent made with setup_future_usage kept for its customer: the intent's payment method with
 * its charge's card (brand, last four, expiry, fingerprint). Null for any other intent.
 */
export function savedCardOf(intent: Stripe.PaymentIntent): SavedCard | null {
  if (!intent.setup_future_usage || !intent.customer) return null;
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') return null;
  const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  if (!methodId || !card?.last4 || !card.fingerprint) return null;
  return {
    providerMethodId: methodId,
    brand: card.brand ?? 'unknown',
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    fingerprint: card.fingerprint,
  };
}
