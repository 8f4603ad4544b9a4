import type { z } from 'zod';
import type { createPaymentIntentBodySchema } from '../../shared/api/orders';
import type { OrderServices } from './services';
import { PaymentProviderError, type Payment, type PaymentMethodChoice } from '../payments/provider';
import { ensurePaymentCustomer, paymentCustomerOf } from '../saved-cards/payment-customer';
import { findUsableCard, savedCardNotFound } from '../saved-cards/saved-cards';

/** What of a checkout (checkout.ts's CheckoutRequest) the card choice reads. */
interface CheckoutCardRequest {
  userId: string;
  accountEmail: string;
  body: z.output<typeof createPaymentIntentBodySchema>;
}

/**
 * How the checkout's payment is to be paid (ADR 063), from what the payment step sent: with one of the customer's
 * saved cards (checked to be theirs and still saved: 404 otherwise), keeping the card that pays (the provider's
 * customer is made with the first card saved), or as a one-off card. Undefined when the call says nothing of it (its
 * payment is made as before, at no extra cost).
 */
export async function cardChoiceOf(
  services: OrderServices,
  { userId, accountEmail, body }: CheckoutCardRequest,
): Promise<PaymentMethodChoice | undefined> {
  const { db, payments } = services;
  if (body.saveCard === undefined && body.savedCardId === undefined) return undefined;
  const savedCards = payments.savedCards;
  if (body.savedCardId !== undefined) {
    if (!savedCards) throw savedCardNotFound();
    const card = await findUsableCard(db, userId, payments.kind, body.savedCardId);
    const customerId = await paymentCustomerOf(db, payments.kind, userId);
    if (!customerId) throw savedCardNotFound();
    return { customerId, saveCard: false, paymentMethodId: card.providerMethodId };
  }
  if (!savedCards) return undefined;
  if (body.saveCard) {
    const customerId = await ensurePaymentCustomer(db, payments.kind, savedCards, { userId, email: body.email ?? accountEmail });
    return { customerId, saveCard: true, paymentMethodId: null };
  }
  // A one-off card. Stripe's Payment Element still lists the saved cards of a payment made for their customer.
  return {
    customerId: payments.kind === 'stripe' ? await paymentCustomerOf(db, payments.kind, userId) : null,
    saveCard: false,
    paymentMethodId: null,
  };
}

/** An unpaid payment of a retried checkout, changed to the payment step's latest choice. */
export async function withChoice(services: OrderServices, paymentId: string, choice: PaymentMethodChoice): Promise<Payment> {
  try {
    return await services.payments.savedCards!.choosePaymentMethod(paymentId, choice);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'resource_missing' && choice.paymentMethodId) throw savedCardNotFound();
    // Paid (or being paid) already: the payment as it stands is the answer, as for any retry.
    if (error instanceof PaymentProviderError && error.code === 'payment_intent_unexpected_state') return services.payments.getPayment(paymentId);
    throw error;
  }
}

/**
 * What the answer adds for the payment step's choice: the saved card the payment is to be confirmed with (the
 * sandbox's form confirms with it and the security code), and Stripe's CustomerSession for the Payment Element.
 */
export async function choiceAnswerOf(
  services: OrderServices,
  choice: PaymentMethodChoice | undefined,
): Promise<{ customerSessionClientSecret?: string; paymentMethodId?: string }> {
  if (!choice?.customerId || !services.payments.savedCards) return {};
  const secret = await services.payments.savedCards.customerSessionSecret(choice.customerId);
  return {
    ...(secret ? { customerSessionClientSecret: secret } : {}),
    ...(choice.paymentMethodId ? { paymentMethodId: choice.paymentMethodId } : {}),
  };
}
