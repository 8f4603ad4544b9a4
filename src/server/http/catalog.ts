import type { FastifyInstance } from 'fastify';
import type { TopupProviderName } from '../../shared/api/admin-catalogue';
import {
  operatorDetectParamsSchema,
  operatorListParamsSchema,
  priceConfigQuerySchema,
  type OperatorDetectResponse,
  type OperatorListResponse,
} from '../../shared/api/catalog';
import { promotionListParamsSchema, type PromotionListResponse } from '../../shared/api/promotions';
import { validatePhone } from '../../shared/phone-rules';
import type { CountryListCache } from '../catalog/list-countries';
import { readCorridorPriceConfig } from '../catalog/fee-rules';
import { PRICE_CONFIG_DEFAULTS, readPriceConfig } from '../catalog/price-config';
import type { AttemptCounts } from '../db/attempt-counts';
import type { Database } from '../db/client';
import { customerOperatorInfo, TopupProviderError, type OperatorDirectory, type PromotionSource } from '../topups/provider';
import { DomainError } from '../domain-error';
import { parseWith, passedOnRefusal } from './errors';
import { enforceLimits, REQUEST_LIMITS } from '../request-limits';

/**
 * A provider failure as a refusal the browser can show: its own 4xx message (translated by its code where we know it),
 * or "unavailable" for upstream faults.
 */
function providerRefusal(error: unknown): unknown {
  if (!(error instanceof TopupProviderError)) return error;
  if (error.status >= 400 && error.status < 500 && !error.retryable) return passedOnRefusal(error.status, error.code, error.message);
  return new DomainError('unavailable', error.code, { key: 'topup.result.errors.serviceUnavailable' });
}

/** Promotion lists one address may ask for a minute: a page asks for one or two, each call may reach the provider. */
export const PROMOTION_LISTS_PER_MINUTE_PER_ADDRESS = 60;

/** Browsers and shared caches may keep the countries list this long: a switched-off country shows within seconds. */
const COUNTRY_LIST_MAX_AGE_S = 5;

/**
 * The public catalogue. `operators` are the ones customers may buy (the catalogue's switches applied), and
 * `countryList` the list the switches shape; both are read again within seconds of an admin's change on any server.
 */
export function registerCatalogRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    operators: OperatorDirectory;
    /** The promotions customers see: running now, of served operators (ADR 069). */
    promotions: PromotionSource;
    counts: AttemptCounts;
    countryList: CountryListCache;
    /** Whose operator ids the fee rules of operators are. */
    provider: TopupProviderName;
  },
) {
  const { countryList } = deps;

  app.get('/api/countries', async (request, reply) => {
    const body = await countryList.get();
    reply.header('ETag', body.etag).header('Cache-Control', `public, max-age=${COUNTRY_LIST_MAX_AGE_S}`).header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(body.brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(body.gzip);
    return reply.send(body.json);
  });

  // With an operator: the fees its most specific fee rule sets (docs/decisions/053-fee-rules-per-corridor.md).
  app.get('/api/price-config', async (request, reply) => {
    const corridor = parseWith(priceConfigQuerySchema, request.query);
    reply.header('Cache-Control', 'no-cache');
    if (!corridor.countryCode || !corridor.operatorId) return readPriceConfig(deps.db);
    return readCorridorPriceConfig(deps.db, { countryIso: corridor.countryCode, provider: deps.provider, operatorId: corridor.operatorId });
  });

  app.get('/api/price-config/defaults', async () => PRICE_CONFIG_DEFAULTS);

  app.get('/api/reloadly/operator-detect/:phone/:countryIsoCode', async (request) => {
    const { phone, countryIsoCode } = parseWith(operatorDetectParamsSchema, request.params);
    const check = validatePhone(phone, countryIsoCode);
    if (!check.ok) throw new DomainError('invalid', 'INVALID_PHONE_NUMBER', check.error, { field: 'phone' });
    // Each detection of a valid number may be a call to the top-up provider (with Reloadly, metered upstream usage).
    await enforceLimits(deps.counts, [[REQUEST_LIMITS.detectionsPerAddress, request.ip]]);
    try {
      const data = customerOperatorInfo(await deps.operators.detectOperator(check.digits, countryIsoCode));
      return { success: true, data } satisfies OperatorDetectResponse;
    } catch (error) {
      throw providerRefusal(error);
    }
  });

  // The operators to choose from when detection finds none or the wrong one (ADR 055); the lists are kept a while per
  // country (catalog/operator-lists.ts), so the provider is not asked again for each visitor.
  app.get('/api/operators/:countryIsoCode', async (request) => {
    const { countryIsoCode } = parseWith(operatorListParamsSchema, request.params);
    try {
      // What the provider keeps back (its commission) is the server's own figure, never the customer's.
      const operators = (await deps.operators.operatorsByCountry(countryIsoCode)).map(customerOperatorInfo);
      return { success: true, operators } satisfies OperatorListResponse;
    } catch (error) {
      throw providerRefusal(error);
    }
  });

  // The operators' promotions running now in a country (ADR 069), for the amount cards, the review and saved recipients.
  app.get(
    '/api/promotions/:countryIsoCode',
    { config: { rateLimit: { max: PROMOTION_LISTS_PER_MINUTE_PER_ADDRESS, timeWindow: '1 minute' } } },
    async (request) => {
      const { countryIsoCode } = parseWith(promotionListParamsSchema, request.params);
      try {
        return { success: true, promotions: await deps.promotions.promotionsByCountry(countryIsoCode) } satisfies PromotionListResponse;
      } catch (error) {
        throw providerRefusal(error);
      }
    },
  );
}
