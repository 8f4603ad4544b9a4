import { operatorDetectParamsSchema } from './catalog';

/**
 * GET /api/promotions/:countryIsoCode — the operators' promotions running now in a country, as the top-up provider
 * words them (docs/decisions/069-operator-promotions-shown-as-the-operators-own.md). The texts are the provider's,
 * untrusted: plain text (its HTML removed), capped in length, shown as text and never as markup.
 */
export interface OperatorPromotion {
  promotionId: number;
  operatorId: number;
  /** The provider's title ("MTN Nigeria double data on $10 and more"). */
  title: string;
  /** The provider's short line ("Bonus 5x"), if any. */
  title2: string | null;
  /** The provider's description as plain text, if any. */
  description: string | null;
  /** When it starts and ends, ISO 8601 in UTC: the provider's dates read in the zone configured for them. */
  startsAt: string;
  endsAt: string;
  /** Which amounts it is for, as the provider writes them ("USD 10 and up"). */
  denominations: string | null;
  localDenominations: string | null;
}

export interface PromotionListResponse {
  success: true;
  promotions: OperatorPromotion[];
}

export const promotionListParamsSchema = operatorDetectParamsSchema.pick({ countryIsoCode: true });
