import { z } from 'zod';
import { undisguised } from './free-text';

/** An order's dispute in the console (docs/decisions/060-disputes-a-person-can-win.md). Money in USD cents. */
export interface AdminDispute {
  id: string;
  amountCents: number;
  /** Stripe's reason: fraudulent, product_not_received, duplicate, general… */
  reason: string;
  /** Stripe's status: needs_response, under_review, won, lost (and the warning_ ones of an inquiry). */
  status: string;
  evidenceDueBy: string | null;
  evidenceSubmittedAt: string | null;
  /** The e-mail of the admin who submitted the evidence. */
  evidenceSubmittedBy: string | null;
  /** won or lost once closed. */
  outcome: string | null;
  openedAt: string;
  closedAt: string | null;
  /** Evidence can be submitted now: the dispute awaits it and none was submitted. */
  canSubmitEvidence: boolean;
}

/** The longest statement an admin may write (Stripe keeps 20,000 characters of text per evidence field). */
export const DISPUTE_STATEMENT_MAX_LENGTH = 5000;

/** POST /api/admin/orders/:id/dispute/evidence: the admin's statement, sent with the assembled record. */
export const adminDisputeEvidenceBodySchema = z.object({
  statement: z
    .string('statement is required')
    .trim()
    .min(1, 'statement is required')
    .max(DISPUTE_STATEMENT_MAX_LENGTH, `statement must be at most ${DISPUTE_STATEMENT_MAX_LENGTH} characters`)
    .superRefine(undisguised('text')),
});
export type AdminDisputeEvidenceBody = z.input<typeof adminDisputeEvidenceBodySchema>;

export interface AdminDisputeEvidenceResponse {
  success: true;
  dispute: AdminDispute;
}
