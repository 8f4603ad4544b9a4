import type { AdminPromoCode, AdminPromoCodeCreate } from '@shared/api/promo-codes';
import { formatUsd, toCents } from '@shared/pricing';
import type { PromoKind, PromoTarget } from '@shared/promo';

/** The promo code editor's fields as typed: money in USD, a percentage in percent, times in the admin's local time. */
export interface PromoDraft {
  code: string;
  kind: PromoKind;
  appliesTo: PromoTarget;
  /** "10" is 10 % (percent) or $10.00 (fixed). */
  value: string;
  startsAt: string;
  endsAt: string;
  /** Empty: no budget. */
  budget: string;
  /** Empty: no limit. */
  usesPerCustomer: string;
  firstTopUpOnly: boolean;
  minAmount: string;
  enabled: boolean;
}

/** A datetime-local input's value of an ISO time, in the browser's time zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A new code's fields: live from now for thirty days, nothing limited. */
export function emptyPromoDraft(now = new Date()): PromoDraft {
  return {
    code: '',
    kind: 'percent',
    appliesTo: 'fee',
    value: '',
    startsAt: localInput(now.toISOString()),
    endsAt: localInput(new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString()),
    budget: '',
    usesPerCustomer: '',
    firstTopUpOnly: false,
    minAmount: '0',
    enabled: true,
  };
}

/** A code's fields as it is now, for its edit. */
export function draftOf(code: AdminPromoCode): PromoDraft {
  return {
    code: code.code,
    kind: code.kind,
    appliesTo: code.appliesTo,
    value: code.kind === 'percent' ? String(code.value / 100) : formatUsd(code.value),
    startsAt: localInput(code.startsAt),
    endsAt: localInput(code.endsAt),
    budget: code.budgetCents === null ? '' : formatUsd(code.budgetCents),
    usesPerCustomer: code.usesPerCustomer === null ? '' : String(code.usesPerCustomer),
    firstTopUpOnly: code.firstTopUpOnly,
    minAmount: formatUsd(code.minAmountCents),
    enabled: code.enabled,
  };
}

/** A number typed, or NaN: the server refuses it naming the field, so the form shows one kind of error. */
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const cents = (text: string) => {
  try {
    return toCents(text.trim());
  } catch {
    return Number.NaN;
  }
};
const iso = (local: string) => {
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? local : time.toISOString();
};

/** The body the server takes: basis points or cents, ISO times, null for "none". */
export function promoBodyOf(draft: PromoDraft, reason: string): AdminPromoCodeCreate {
  return {
    code: draft.code,
    kind: draft.kind,
    appliesTo: draft.appliesTo,
    value: draft.kind === 'percent' ? Math.round(number(draft.value) * 100) : cents(draft.value),
    startsAt: iso(draft.startsAt),
    endsAt: iso(draft.endsAt),
    budgetCents: draft.budget.trim() === '' ? null : cents(draft.budget),
    usesPerCustomer: draft.usesPerCustomer.trim() === '' ? null : number(draft.usesPerCustomer),
    firstTopUpOnly: draft.firstTopUpOnly,
    minAmountCents: draft.minAmount.trim() === '' ? 0 : cents(draft.minAmount),
    enabled: draft.enabled,
    reason,
  };
}
