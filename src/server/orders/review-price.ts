import { parseFeeConfig, priceTopUp, toCents, type TopUpPrice } from '../../shared/pricing';
import { readCorridorPriceConfig } from '../catalog/fee-rules';
import { checkAmountForOperator, findOperator } from './checkout';
import type { OrderServices } from './services';

/**
 * The list price of the top-up a review shows, as checkout will price it: the operator served, the amount it sells, the
 * corridor's fees. The review's price calls (a promo code's, refer a friend's) start from it.
 */
export async function reviewListPrice(
  services: OrderServices,
  top: { countryCode: string; operatorId: number; amount: string },
): Promise<TopUpPrice> {
  const operator = await findOperator(services, top.countryCode, top.operatorId);
  const amountCents = toCents(top.amount);
  checkAmountForOperator(operator, amountCents);
  const corridor = { countryIso: top.countryCode, provider: services.destinations.provider, operatorId: operator.operatorId };
  return priceTopUp(amountCents, parseFeeConfig(await readCorridorPriceConfig(services.db, corridor)));
}
