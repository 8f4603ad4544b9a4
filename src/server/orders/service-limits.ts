import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serviceLimits } from '../db/schema';

/** The limits admins set in the console (GET/PUT /api/admin/limits), as the order code applies them. */
export interface ServiceLimits {
  /** The most one customer may spend in any 24 hours, in cents. */
  dailySpendLimitCents: number;
  /** Minutes before a number may be paid for again, by anyone. */
  recipientCooldownMinutes: number;
  /** Checkout starts per customer in one minute. */
  checkoutAttemptsPerMinute: number;
}

/** Reloadly refuses a second top-up to one number within 2 minutes (PHONE_RECENTLY_RECHARGED); we refuse before paying. */
export const DEFAULT_RECIPIENT_COOLDOWN_MINUTES = 2;
/** Enough for a customer who retries a declined card twice; a card-testing script gets three tries a minute (ADR 012). */
export const DEFAULT_CHECKOUT_ATTEMPTS_PER_MINUTE = 5;
/** How long an instance keeps the limits it read before reading them again: a change reaches every instance within it. */
export const SERVICE_LIMITS_CACHE_MS = 5_000;

/** The defaults: DAILY_SPEND_LIMIT_USD (from the config) and the built-in values. */
export function defaultServiceLimits(dailySpendLimitCents: number): ServiceLimits {
  return {
    dailySpendLimitCents,
    recipientCooldownMinutes: DEFAULT_RECIPIENT_COOLDOWN_MINUTES,
    checkoutAttemptsPerMinute: DEFAULT_CHECKOUT_ATTEMPTS_PER_MINUTE,
  };
}

export type StoredServiceLimits = typeof serviceLimits.$inferSelect;

/** The saved limits, or undefined while no admin has saved them (the defaults apply). */
export async function readStoredServiceLimits(db: Database): Promise<StoredServiceLimits | undefined> {
  const [row] = await db.select().from(serviceLimits);
  return row;
}

export const limitsOf = (row: StoredServiceLimits | undefined, defaults: ServiceLimits): ServiceLimits =>
  row
    ? {
        dailySpendLimitCents: row.dailySpendLimitCents,
        recipientCooldownMinutes: row.recipientCooldownMinutes,
        checkoutAttemptsPerMinute: row.checkoutAttemptsPerMinute,
      }
    : defaults;

/** The default of a limit while none is saved: its value, or a statement's placeholder for it (`::integer`). */
type Fallbacks<Key extends keyof ServiceLimits> = Record<Key, number | SQL>;

/**
 * The limits as the SQL of a transition guard reads them: in the statement itself, so the guard applies the value
 * saved last, not the one an instance read a few seconds ago.
 */
export const currentDailySpendLimitCents = (defaults: Fallbacks<'dailySpendLimitCents'>): SQL =>
  sql`coalesce((select ${serviceLimits.dailySpendLimitCents} from ${serviceLimits}), ${defaults.dailySpendLimitCents})`;
export const currentRecipientCooldownMinutes = (defaults: Fallbacks<'recipientCooldownMinutes'>): SQL =>
  sql`coalesce((select ${serviceLimits.recipientCooldownMinutes} from ${serviceLimits}), ${defaults.recipientCooldownMinutes})`;

/** Where the server reads the limits in force. */
export interface ServiceLimitsSource {
  /** What applies while no admin has saved the limits. */
  readonly defaults: ServiceLimits;
  /** The limits in force, as read from the database at most SERVICE_LIMITS_CACHE_MS ago (by the source's clock). */
  current(): Promise<ServiceLimits>;
  /**
   * Forgets what was read, so the next `current()` reads the database: called after a save on this instance, and the
   * hook for a message that another instance saved (the caching window bounds the wait without one).
   */
  invalidate(): void;
}

/**
 * The limits through a short cache: the hot paths (every checkout) read the database once per window per instance,
 * and a change saved on any instance applies everywhere within SERVICE_LIMITS_CACHE_MS without a restart.
 */
export function createServiceLimits(
  db: Database,
  { defaults, now = () => new Date(), ttlMs = SERVICE_LIMITS_CACHE_MS }: { defaults: ServiceLimits; now?: () => Date; ttlMs?: number },
): ServiceLimitsSource {
  let cached: { limits: ServiceLimits; readAt: number } | undefined;
  let reading: Promise<ServiceLimits> | undefined;

  function read(): Promise<ServiceLimits> {
    const startedAt = now().getTime();
    const pending = readStoredServiceLimits(db)
      .then((row) => {
        const limits = limitsOf(row, defaults);
        // A read that an invalidate() overtook may hold values from before the change: it answers its own callers only.
        if (reading === pending) cached = { limits, readAt: startedAt };
        return limits;
      })
      .finally(() => {
        if (reading === pending) reading = undefined;
      });
    reading = pending;
    return pending;
  }

  return {
    defaults,
    async current() {
      const at = now().getTime();
      // A clock that went back (a test's) counts as expired rather than fresh for ever.
      if (cached && at >= cached.readAt && at - cached.readAt < ttlMs) return cached.limits;
      return reading ?? read();
    },
    invalidate() {
      cached = undefined;
      reading = undefined;
    },
  };
}
