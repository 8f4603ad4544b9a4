import { runningPromotions } from '../../shared/promotions';
import type { OperatorPromotion, PromotionSource } from '../topups/provider';
import { refuseUnservedDestination, type DestinationSwitches } from './destination-switches';
import { keptPerCountry, OPERATOR_LIST_CACHE_MS } from './operator-lists';

/**
 * The promotions customers see (docs/decisions/069-operator-promotions-shown-as-the-operators-own.md): the provider's
 * per country, kept as long as its operator lists, then at each answer only those running at `clock` (the app's), of
 * operators that are served. A kept promotion stops showing at its end; an unserved country is refused as its operators are.
 */
export function servedPromotions(
  source: PromotionSource,
  switches: DestinationSwitches,
  { now = Date.now, clock = () => new Date() }: { now?: () => number; clock?: () => Date } = {},
): PromotionSource & { drop(): void } {
  const lists = keptPerCountry<OperatorPromotion[]>((countryIso) => source.promotionsByCountry(countryIso), { now, keepMs: OPERATOR_LIST_CACHE_MS });
  return {
    async promotionsByCountry(countryIso) {
      await refuseUnservedDestination(switches, countryIso);
      const listed = await lists.get(countryIso);
      const disabled = await switches.disabledOperatorIds();
      return runningPromotions(listed, clock()).filter((promotion) => !disabled.has(promotion.operatorId));
    },
    drop: lists.drop,
  };
}
