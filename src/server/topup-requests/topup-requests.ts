import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import {
  REQUEST_LINK_TTL_MS,
  REQUEST_MIN_AMOUNT_CENTS,
  REQUEST_TOKEN_PATTERN,
  requestLinkPath,
  type CreateTopupRequestResponse,
  type OwnTopupRequest,
  type TopupRequestView,
} from '../../shared/api/topup-requests';
import { validatePhone } from '../../shared/phone-rules';
import { formatUsd, toCents } from '../../shared/pricing';
import { refuseUnservedDestination, type DestinationSwitches } from '../catalog/destination-switches';
import type { AttemptCounts } from '../db/attempt-counts';
import type { Database } from '../db/client';
import { topupRequests, user } from '../db/schema';
import { DomainError } from '../domain-error';
import type { ServiceLimitsSource } from '../orders/service-limits';
import { enforceLimits, REQUEST_LIMITS } from '../request-limits';

/** "Request a top-up" links (docs/product.md §2, ADR 022). */
export interface TopupRequestServices {
  db: Database;
  /** The catalogue's switches: a link is made only for a country the product serves now. */
  destinations: DestinationSwitches;
  /** The daily spending limit in force bounds a suggested amount: a larger one could never be paid. */
  limits: ServiceLimitsSource;
  counts: AttemptCounts;
  now: () => Date;
}

/** A request as the route has parsed it (shared/api/topup-requests.ts); the rules that need the server are checked here. */
export interface NewTopupRequest {
  countryCode: string;
  phone: string;
  suggestedAmount?: string | null;
  note?: string | null;
}

/** The link's secret is never stored: a leaked table names no working link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const notFound = () => new DomainError('not_found', 'TOPUP_REQUEST_NOT_FOUND', { key: 'apiErrors.topupRequestNotFound' });

async function checkSuggestedAmount(limits: ServiceLimitsSource, amount: string): Promise<number> {
  const cents = toCents(amount);
  const { dailySpendLimitCents } = await limits.current();
  if (cents < REQUEST_MIN_AMOUNT_CENTS || cents > dailySpendLimitCents) {
    throw new DomainError(
      'invalid',
      'INVALID_AMOUNT',
      {
        key: 'apiErrors.suggestedAmountOutOfRange',
        params: { min: `$${formatUsd(REQUEST_MIN_AMOUNT_CENTS)}`, max: `$${formatUsd(dailySpendLimitCents)}` },
      },
      { field: 'suggestedAmount' },
    );
  }
  return cents;
}

/** Who makes a link: a signed-in customer, from the client address in its canonical spelling. */
export interface RequestMaker {
  address: string;
  userId: string;
  /** Only a customer whose address is confirmed makes links: the maker is then someone we can reach. */
  emailVerified: boolean;
}

/**
 * Makes a link for one number, for a signed-in maker with a confirmed address. Every rule is checked before anything
 * is counted or stored; then the maker's daily and the address's hourly allowances are spent, expired links are
 * purged, and the link's hash is stored.
 */
export async function createTopupRequest(
  services: TopupRequestServices,
  input: NewTopupRequest,
  maker: RequestMaker,
): Promise<CreateTopupRequestResponse> {
  if (!maker.emailVerified) throw new DomainError('forbidden', 'EMAIL_NOT_VERIFIED', { key: 'apiErrors.confirmAddressForRequests' });
  const phone = validatePhone(input.phone, input.countryCode);
  if (!phone.ok) throw new DomainError('invalid', 'INVALID_PHONE_NUMBER', phone.error, { field: 'phone' });
  await refuseUnservedDestination(services.destinations, input.countryCode, undefined, { country: 'countryCode' });
  const suggestedAmountCents = input.suggestedAmount ? await checkSuggestedAmount(services.limits, input.suggestedAmount) : null;
  await enforceLimits(services.counts, [
    [REQUEST_LIMITS.topupRequestsPerUser, maker.userId],
    [REQUEST_LIMITS.topupRequestsPerAddress, maker.address],
  ]);

  const now = services.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + REQUEST_LINK_TTL_MS);
  await services.db.delete(topupRequests).where(lt(topupRequests.expiresAt, now));
  await services.db.insert(topupRequests).values({
    tokenHash: hashToken(token),
    countryIso: input.countryCode,
    nationalNumber: phone.digits,
    suggestedAmountCents,
    note: input.note ? input.note : null,
    userId: maker.userId,
    expiresAt,
    createdAt: now,
  });
  return { success: true, token, path: requestLinkPath(token), expiresAt: expiresAt.toISOString() };
}

/** What a link asks for; an unknown token and an expired link get the same 404, so neither says more than the other. */
export async function readTopupRequest(services: Pick<TopupRequestServices, 'db' | 'now'>, token: string): Promise<TopupRequestView> {
  if (!REQUEST_TOKEN_PATTERN.test(token)) throw notFound();
  const [found] = await services.db
    .select({ request: topupRequests, makerName: user.name })
    .from(topupRequests)
    .leftJoin(user, eq(user.id, topupRequests.userId))
    .where(eq(topupRequests.tokenHash, hashToken(token)));
  if (!found || found.request.expiresAt.getTime() <= services.now().getTime()) throw notFound();
  const { request: row, makerName } = found;
  return {
    countryCode: row.countryIso,
    phone: row.nationalNumber,
    suggestedAmount: row.suggestedAmountCents === null ? null : formatUsd(row.suggestedAmountCents),
    note: row.note,
    expiresAt: row.expiresAt.toISOString(),
    requesterFirstName: firstNameOf(makerName),
  };
}

/** The first word of an account's name ("Amina Bello" → "Amina"), at most 40 characters; null without a name. */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/u)[0];
  return first ? [...first].slice(0, 40).join('') : null;
}

/** The maker's links that still work, newest first. */
export async function listOwnTopupRequests(services: Pick<TopupRequestServices, 'db' | 'now'>, userId: string): Promise<OwnTopupRequest[]> {
  const rows = await services.db
    .select()
    .from(topupRequests)
    .where(and(eq(topupRequests.userId, userId), gt(topupRequests.expiresAt, services.now())))
    .orderBy(desc(topupRequests.createdAt), desc(topupRequests.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    countryCode: row.countryIso,
    phone: row.nationalNumber,
    suggestedAmount: row.suggestedAmountCents === null ? null : formatUsd(row.suggestedAmountCents),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the maker's links: it stops working at once. Another customer's link, or none, is a 404. */
export async function revokeTopupRequest(services: Pick<TopupRequestServices, 'db'>, userId: string, idText: string): Promise<void> {
  // An id is the list's positive integer; anything else names no link of theirs either.
  if (!/^[1-9]\d{0,8}$/.test(idText)) throw notFound();
  const id = Number(idText);
  const deleted = await services.db
    .delete(topupRequests)
    .where(and(eq(topupRequests.id, id), eq(topupRequests.userId, userId)))
    .returning({ id: topupRequests.id });
  if (deleted.length === 0) throw notFound();
}
