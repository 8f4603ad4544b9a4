import {
  ADMIN_REASON_MAX_LENGTH,
  type AdminCustomerAction,
  type AdminCustomerDetail,
  type AdminReasonBody,
  type AdminSetAdminBody,
} from '@shared/api/admin';
import { ApiRequestError } from '@/lib/api-client';

/** What is wrong with a reason as typed, checked as the server checks it (trimmed, 1–500 characters). */
export function reasonProblem(reason: string): 'required' | 'tooLong' | null {
  const trimmed = reason.trim();
  if (!trimmed) return 'required';
  return trimmed.length > ADMIN_REASON_MAX_LENGTH ? 'tooLong' : null;
}

/** The buttons of a customer's page; giving and removing admin rights are one call (`admin`) on the server. */
export const CUSTOMER_ACTION_CHOICES = ['block', 'unblock', 'end-sessions', 'grant-admin', 'revoke-admin'] as const;
export type CustomerActionChoice = (typeof CUSTOMER_ACTION_CHOICES)[number];

/** What can be done to the customer as they are now: block or unblock, end their sessions, give or remove admin rights. */
export function customerActionsFor(customer: Pick<AdminCustomerDetail, 'blocked' | 'isAdmin'>): CustomerActionChoice[] {
  return [customer.blocked ? 'unblock' : 'block', 'end-sessions', customer.isAdmin ? 'revoke-admin' : 'grant-admin'];
}

/** The call behind a button: POST /api/admin/customers/:id/<action> with this body. */
export function customerActionRequest(
  choice: CustomerActionChoice,
  reason: string,
): { action: AdminCustomerAction; body: AdminReasonBody | AdminSetAdminBody } {
  const body = { reason: reason.trim() };
  switch (choice) {
    case 'grant-admin':
      return { action: 'admin', body: { ...body, isAdmin: true } };
    case 'revoke-admin':
      return { action: 'admin', body: { ...body, isAdmin: false } };
    default:
      return { action: choice, body };
  }
}

/** A refused action because the thing changed meanwhile or its state does not allow it (409), with the state it is in now. */
export function conflictOf(error: unknown): { status: string | null } | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const status = error.details?.status;
  return { status: typeof status === 'string' ? status : null };
}
