import type { TopupBody, TopupResponse } from '@shared/api/orders';
import { formatUsd } from '@shared/pricing';
import { apiRequest } from '@/lib/api-client';

/** What the browser knows about the top-up it asks for; the server finds the order by the payment intent alone. */
export interface TopupRequest {
  paymentIntentId: string;
  operatorId?: number;
  operatorName?: string;
  /** USD before fees. */
  amountCents?: number;
  countryCode?: string;
  /** National number, digits only. */
  phone?: string;
}

/** The docs/product.md §7 body: 2-decimal amount, useLocalAmount false, customIdentifier 'topup-' and a timestamp. */
export function topupBody(request: TopupRequest, now: number): TopupBody {
  const { paymentIntentId, operatorId, operatorName, amountCents, countryCode, phone } = request;
  return {
    paymentIntentId,
    ...(operatorId !== undefined ? { operatorId: String(operatorId) } : {}),
    ...(amountCents !== undefined ? { amount: formatUsd(amountCents) } : {}),
    useLocalAmount: false,
    customIdentifier: `topup-${now}`,
    ...(countryCode && phone ? { recipientPhone: { countryCode, number: phone } } : {}),
    ...(operatorName ? { operatorName } : {}),
  };
}

/** POST /api/reloadly/topup: a delivery failure answers 200 with status FAILED; a refused request throws. */
export function processTopup(body: TopupBody): Promise<TopupResponse> {
  return apiRequest<TopupResponse>('/api/reloadly/topup', { method: 'POST', body });
}
