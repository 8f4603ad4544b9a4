import Stripe from 'stripe';
import { DISPUTE_STATUSES, type DisputeEvidence, type DisputeStatus, type PaymentDispute, PaymentProviderError } from '../provider';

/*
 * Stripe's disputes behind the PaymentProvider interface (docs/decisions/060-disputes-a-person-can-win.md): a dispute is
 * read again whenever one of its events arrives, and evidence is submitted in one update with submit=true.
 */

/** A dispute as the order code sees it; a status this application does not know is an error, never guessed. */
export function toPaymentDispute(dispute: Stripe.Dispute): PaymentDispute {
  if (!DISPUTE_STATUSES.includes(dispute.status as DisputeStatus)) {
    throw new PaymentProviderError(`Stripe sent a dispute status this application does not know: ${dispute.status}`, {
      type: 'api_error',
      status: 502,
      retryable: false,
    });
  }
  const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));
  const dueBy = dispute.evidence_details?.due_by;
  return {
    id: dispute.id,
    paymentId: idOf(dispute.payment_intent),
    chargeId: idOf(dispute.charge) ?? '',
    amount: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status as DisputeStatus,
    evidenceDueBy: typeof dueBy === 'number' ? new Date(dueBy * 1000) : null,
    submissionCount: dispute.evidence_details?.submission_count ?? 0,
  };
}

/** The evidence in Stripe's field names; empty fields are left out rather than cleared. */
export function stripeEvidenceOf(evidence: DisputeEvidence): Stripe.DisputeUpdateParams.Evidence {
  const fields: Stripe.DisputeUpdateParams.Evidence = {
    uncategorized_text: evidence.uncategorizedText,
    product_description: evidence.productDescription,
    ...(evidence.customerEmailAddress ? { customer_email_address: evidence.customerEmailAddress } : {}),
    ...(evidence.customerPurchaseIp ? { customer_purchase_ip: evidence.customerPurchaseIp } : {}),
    ...(evidence.serviceDate ? { service_date: evidence.serviceDate } : {}),
    ...(evidence.accessActivityLog ? { access_activity_log: evidence.accessActivityLog } : {}),
  };
  return fields;
}

/** The two dispute calls, over the adapter's Stripe client; Stripe's errors become PaymentProviderErrors by `toError`. */
export function stripeDisputeCalls(stripe: Stripe, toError: (error: unknown) => unknown) {
  async function call(request: () => Promise<Stripe.Dispute>): Promise<PaymentDispute> {
    let dispute: Stripe.Dispute;
    try {
      dispute = await request();
    } catch (error) {
      throw toError(error);
    }
    return toPaymentDispute(dispute);
  }
  return {
    getDispute(disputeId: string) {
      return call(() => stripe.disputes.retrieve(disputeId));
    },
    /** Submitting the same evidence twice is refused by Stripe (the dispute is under review by then): no idempotency key needed. */
    submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence) {
      return call(() => stripe.disputes.update(disputeId, { evidence: stripeEvidenceOf(evidence), submit: true }));
    },
  };
}
