/** A promo code's terms as the console's editor sends them (ADR 067): 10 % off the fee, live all of 2026–2027. */
export const PROMO_TERMS = {
  code: 'MATRIX10',
  kind: 'percent',
  appliesTo: 'fee',
  value: 1000,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2027-12-31T00:00:00Z',
  budgetCents: null,
  usesPerCustomer: null,
  firstTopUpOnly: false,
  minAmountCents: 0,
  enabled: true,
  reason: 'Checking the matrix',
} as const;
