import type { AdminDisputeEvidenceResponse } from '@shared/api/admin-disputes';
import { apiRequest } from '@/lib/api-client';
import { adminPath } from './request';

/** An order's dispute (ADR 060): its evidence downloaded as a text file, or submitted with the admin's statement. */

export const disputeEvidenceUrl = (orderId: string) => adminPath('orders', orderId, 'dispute', 'evidence');

export const submitDisputeEvidence = (orderId: string, statement: string) =>
  apiRequest<AdminDisputeEvidenceResponse>(disputeEvidenceUrl(orderId), { method: 'POST', body: { statement: statement.trim() } });
