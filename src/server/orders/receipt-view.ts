import { displayStatusOf, type OrderStatus } from '../../shared/api/orders';
import type { Receipt } from '../../shared/api/receipts';
import { formatPhoneInternational } from '../../shared/phone-format';
import type { Order } from './state-machine';
import { deliveredNotCharged, paymentMethodOf, type countryFacts } from './views';

type CountryFacts = Awaited<ReturnType<typeof countryFacts>>;

/**
 * An order as its receipt shows it (GET /api/orders/:id/receipt and the e-mailed receipts). The recipient's amount is
 * what the operator reports delivered once the top-up reached them, else what the order was priced to deliver; the
 * rate is the one it was priced at (the local amount per USD of the top-up, before fees).
 */
export function toReceipt(order: Order, country: CountryFacts): Receipt {
  const notCharged = deliveredNotCharged(order);
  const displayStatus = notCharged ? 'successful' : displayStatusOf(order.status as OrderStatus);
  const reached = (displayStatus === 'successful' || displayStatus === 'refunded') && order.deliveredAmount !== null;
  const priced = order.localAmount === null ? null : Number(order.localAmount);
  const isPlan = order.planDescription !== null;
  return {
    reference: order.reference,
    orderId: order.id,
    displayStatus,
    notCharged,
    placedAt: order.createdAt.toISOString(),
    refundedAt: displayStatus === 'refunded' && order.refundedAt ? order.refundedAt.toISOString() : null,
    recipientNumber: formatPhoneInternational(order.recipientPhone, country.callingCode),
    countryCode: order.countryIso,
    countryName: country.name,
    operatorName: order.operatorName,
    recipientAmount: isPlan ? null : reached ? Number(order.deliveredAmount) : priced,
    recipientCurrency: (reached && order.deliveredCurrencyCode) || order.destinationCurrencyCode,
    planDescription: order.planDescription,
    rate: isPlan || priced === null || order.amountCents <= 0 ? null : Math.round((priced / (order.amountCents / 100)) * 10_000) / 10_000,
    amountCents: order.amountCents,
    feeCents: order.percentageFeeCents + order.standardFeeCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    operatorTransactionId: order.operatorTransactionId,
    transactionId: order.topupTransactionId,
    failureCode: displayStatus === 'failed' ? order.failureCode : null,
    paymentMethod: paymentMethodOf(order),
  };
}
