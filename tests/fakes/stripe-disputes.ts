import { randomBytes } from 'node:crypto';

/**
 * The disputes of FakeStripe (fakes/stripe.ts): Stripe's Dispute objects, read (`GET /v1/disputes/:id`) and answered
 * with evidence (`POST /v1/disputes/:id` with `evidence[…]` and `submit=true`), as Stripe's API does: evidence is taken
 * only while the dispute needs a response, and a submission puts it under review. Tests open and close disputes by hand.
 */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: string;
  evidence: Record<string, string>;
  evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
  created: number;
}

export interface DisputeAnswer {
  status: number;
  payload: unknown;
  keep: boolean;
}

const AWAITING = ['needs_response', 'warning_needs_response'];

export class FakeStripeDisputes {
  private disputes = new Map<string, FakeDispute>();

  reset() {
    this.disputes.clear();
  }

  /** The card's bank disputes a charge: needs_response, evidence due in `dueInDays`. */
  open(charge: { intentId: string; chargeId: string; amount: number }, reason = 'fraudulent', dueInDays = 7): FakeDispute {
    const now = Math.floor(Date.now() / 1000);
    const dispute: FakeDispute = {
      id: `du_${randomBytes(12).toString('hex')}`,
      object: 'dispute',
      amount: charge.amount,
      currency: 'usd',
      charge: charge.chargeId,
      payment_intent: charge.intentId,
      reason,
      status: 'needs_response',
      evidence: {},
      evidence_details: { due_by: now + dueInDays * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      created: now,
    };
    this.disputes.set(dispute.id, dispute);
    return structuredClone(dispute);
  }

  /** The bank decides (or the test moves the dispute on). */
  setStatus(id: string, status: string) {
    this.disputes.get(id)!.status = status;
  }

  dispute(id: string): FakeDispute | undefined {
    const dispute = this.disputes.get(id);
    return dispute && structuredClone(dispute);
  }

  /** Answers /v1/disputes/:id, or null for another path. */
  route(method: string, path: string, body: Record<string, unknown>): DisputeAnswer | null {
    const encoded = /^\/v1\/disputes\/([^/]+)$/.exec(path)?.[1];
    if (encoded === undefined) return null;
    const id = decodeURIComponent(encoded);
    const dispute = this.disputes.get(id);
    if (!dispute) {
      return rejected(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'dispute', message: `No such dispute: '${id}'` });
    }
    if (method === 'GET') return { status: 200, payload: structuredClone(dispute), keep: true };
    if (method !== 'POST') return null;
    if (!AWAITING.includes(dispute.status)) {
      return rejected(400, {
        type: 'invalid_request_error',
        message: `This dispute is already ${dispute.status.replace('_', ' ')}. You cannot update evidence after submitting it.`,
      });
    }
    const evidence = body.evidence && typeof body.evidence === 'object' ? (body.evidence as Record<string, unknown>) : {};
    dispute.evidence = { ...dispute.evidence, ...Object.fromEntries(Object.entries(evidence).map(([key, value]) => [key, String(value)])) };
    dispute.evidence_details.has_evidence = Object.keys(dispute.evidence).length > 0;
    if (body.submit === 'true') {
      dispute.status = dispute.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review';
      dispute.evidence_details.submission_count += 1;
    }
    return { status: 200, payload: structuredClone(dispute), keep: true };
  }
}

function rejected(status: number, error: Record<string, unknown>): DisputeAnswer {
  return { status, payload: { error }, keep: false };
}
