import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operators } from '../../db/schema';
import type { OperatorPromotion, PromotionSource } from '../provider';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A promotion of the sandbox catalogue, dated in days from the day the provider was made (docs/sandbox-topups.md). */
interface SandboxPromotion extends Omit<OperatorPromotion, 'operatorId' | 'startsAt' | 'endsAt'> {
  countryIso: string;
  operatorName: string;
  startDay: number;
  endDay: number;
}

/**
 * One promotion running, one ended and one to come, so each case can be seen on any date. Texts are written the way
 * Reloadly's are: a title, a short line, an HTML description, the amounts in words.
 */
export const SANDBOX_PROMOTIONS: readonly SandboxPromotion[] = [
  {
    promotionId: 900_001,
    countryIso: 'NG',
    operatorName: 'MTN',
    title: 'MTN Nigeria double data on $10 and more',
    title2: 'Double data',
    description: 'Top up USD 10 or more and the recipient gets double data for 30 days.',
    denominations: 'USD 10 and up',
    localDenominations: 'NGN 14600 and up',
    startDay: -1,
    endDay: 14,
  },
  {
    promotionId: 900_002,
    countryIso: 'NG',
    operatorName: 'Glo',
    title: 'Glo Nigeria bonus 2x airtime',
    title2: 'Bonus 2x',
    description: 'Twice the airtime on every top-up from USD 5 to USD 50.',
    denominations: 'USD 5 - 50',
    localDenominations: null,
    startDay: -30,
    endDay: -2,
  },
  {
    promotionId: 900_003,
    countryIso: 'NG',
    operatorName: '9mobile',
    title: '9mobile weekend triple data',
    title2: 'Triple data',
    description: 'Top up USD 20 or more on the weekend for triple data.',
    denominations: 'USD 20 and up',
    localDenominations: null,
    startDay: 7,
    endDay: 21,
  },
];

/**
 * The sandbox's promotions, dated from the start (UTC) of the day it was made: the running one runs for a fortnight
 * from the day before. Operators are found by country and name in the catalogue, as the directory finds them.
 */
export function createSandboxPromotions(
  db: Database,
  { now = () => new Date(), promotions = SANDBOX_PROMOTIONS }: { now?: () => Date; promotions?: readonly SandboxPromotion[] } = {},
): PromotionSource {
  const anchor = Math.floor(now().getTime() / DAY_MS) * DAY_MS;
  const dayIso = (day: number) => new Date(anchor + day * DAY_MS).toISOString();
  return {
    async promotionsByCountry(countryIso) {
      const iso = countryIso.toUpperCase();
      const ofCountry = promotions.filter((promotion) => promotion.countryIso === iso);
      if (ofCountry.length === 0) return [];
      const rows = await db
        .select({ id: operators.id, name: operators.name })
        .from(operators)
        .where(and(eq(operators.countryIso, iso), inArray(operators.name, [...new Set(ofCountry.map((promotion) => promotion.operatorName))])));
      const idOf = new Map(rows.map((row) => [row.name, row.id]));
      return ofCountry.flatMap(({ countryIso: _country, operatorName, startDay, endDay, ...promotion }) => {
        const operatorId = idOf.get(operatorName);
        return operatorId === undefined ? [] : [{ ...promotion, operatorId, startsAt: dayIso(startDay), endsAt: dayIso(endDay) }];
      });
    },
  };
}
