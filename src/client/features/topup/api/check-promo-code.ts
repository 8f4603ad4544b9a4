import { useMutation } from '@tanstack/react-query';
import type { PromoCodeCheckBody, PromoCodeCheckResponse } from '@shared/api/promo-codes';
import { toCents } from '@shared/pricing';
import { apiRequest } from '@/lib/api-client';

/** A code the server accepted for one top-up (ADR 067): its price holds for that operator and amount only. */
export interface AppliedPromoCode {
  code: string;
  operatorId: number;
  amountCents: number;
  discountCents: number;
  /** The referral credit used besides the code (ADR 070). */
  creditCents: number;
  totalCents: number;
}

/** POST /api/promo-codes/check: the server's price with the code, or its refusal (the reason in the customer's language). */
export async function checkPromoCode(body: PromoCodeCheckBody): Promise<AppliedPromoCode> {
  const answer = await apiRequest<PromoCodeCheckResponse>('/api/promo-codes/check', { method: 'POST', body });
  return {
    code: answer.code,
    operatorId: Number(body.operatorId),
    amountCents: toCents(answer.amount),
    discountCents: toCents(answer.discount),
    creditCents: toCents(answer.credit),
    totalCents: toCents(answer.totalAmount),
  };
}

export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
