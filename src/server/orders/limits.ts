import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { formatUsd } from '../../shared/pricing';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { HttpError } from '../http/errors';
import { MONEY_HELD_STATUSES, type OrderStatus } from './state-machine';

/** Reloadly refuses a second top-up to one number within 2 minutes (PHONE_RECENTLY_RECHARGED); we refuse before paying. */
export const RECIPIENT_COOLDOWN_MS = 2 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Orders that took, or hold, the customer's money. */
const SPENDING_STATUSES: OrderStatus[] = [...MONEY_HELD_STATUSES, 'completed'];

export interface LimitCheck {
  userId: string;
  countryIso: string;
  recipientPhone: string;
  totalCents: number;
  /** The order being retried, if any: it does not count against itself. */
  orderKey: string;
  now: Date;
  dailySpendLimitCents: number;
}

/** Refuses (429 / 403) a checkout that would top up a number again within 2 minutes or pass the 24-hour cap. */
export async function checkOrderLimits(db: Database, check: LimitCheck): Promise<void> {
  const [recent] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.countryIso, check.countryIso),
        eq(orders.recipientPhone, check.recipientPhone),
        inArray(orders.status, SPENDING_STATUSES),
        gt(orders.createdAt, new Date(check.now.getTime() - RECIPIENT_COOLDOWN_MS)),
      ),
    )
    .limit(1);
  if (recent) {
    throw new HttpError(
      429,
      'This number was topped up less than 2 minutes ago. Please wait a couple of minutes before sending it another top-up.',
      'RECIPIENT_RECENTLY_TOPPED_UP',
    );
  }

  const [spent] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, check.userId),
        ne(orders.orderKey, check.orderKey),
        inArray(orders.status, SPENDING_STATUSES),
        gt(orders.createdAt, new Date(check.now.getTime() - DAY_MS)),
      ),
    );
  const spentCents = Number(spent?.cents ?? 0);
  if (spentCents + check.totalCents > check.dailySpendLimitCents) {
    const left = Math.max(0, check.dailySpendLimitCents - spentCents);
    throw new HttpError(
      403,
      `This top-up would pass your limit of $${formatUsd(check.dailySpendLimitCents)} in 24 hours. You can still send up to $${formatUsd(left)} today, fees included.`,
      'DAILY_LIMIT_REACHED',
    );
  }
}
