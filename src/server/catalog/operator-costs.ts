import { commissionHundredths } from '../../shared/corridor-margin';
import { toCents } from '../../shared/pricing';
import type { ProviderOperator } from '../topups/provider';

/**
 * An operator's commission in hundredths of a percent, as the margin is computed with. An operator whose provider
 * gives none is taken at 0 %: what a top-up costs us is then its whole amount, so nothing is ever sold at a loss unseen.
 */
export const commissionOf = (operator: Pick<ProviderOperator, 'commissionPercent'>): number => commissionHundredths(operator.commissionPercent) ?? 0;

/**
 * The amounts (USD cents) a fee is checked against and previewed with for an operator: every amount a FIXED operator
 * sells; a RANGE operator's bounds (the margin is a straight line in the amount, so its ends are its lowest) and the
 * amounts it suggests within them.
 */
export function pricedAmountsOf(
  operator: Pick<ProviderOperator, 'denominationType' | 'fixedAmounts' | 'minAmount' | 'maxAmount' | 'suggestedAmounts'>,
): number[] {
  if (operator.denominationType === 'FIXED') return operator.fixedAmounts.map(toCents);
  const min = operator.minAmount ?? 0;
  const max = operator.maxAmount ?? Number.POSITIVE_INFINITY;
  const amounts = [operator.minAmount, operator.maxAmount, ...operator.suggestedAmounts.filter((amount) => amount >= min && amount <= max)];
  return [...new Set(amounts.filter((amount): amount is number => amount !== null && amount > 0).map(toCents))].sort((a, b) => a - b);
}
