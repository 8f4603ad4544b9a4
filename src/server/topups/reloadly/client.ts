import type { z } from 'zod';
import {
  TopupProviderError,
  type OperatorPromotion,
  type ProviderOperator,
  type TopupProvider,
  type TopupRequest,
  type TopupResult,
} from '../provider';
import {
  accountBalanceSchema,
  errorBodySchema,
  isReloadlyEnvelope,
  operatorListSchema,
  operatorSchema,
  promotionListSchema,
  readPromotion,
  tokenSchema,
  topupStatusAnswerSchema,
  transactionReportSchema,
  transactionSchema,
} from './parse';

export interface ReloadlyOptions {
  clientId: string;
  clientSecret: string;
  /** Reloadly's sandbox (test wallet, no real delivery) instead of the live API. */
  sandbox: boolean;
  fetch?: typeof fetch;
  /** Where to ask for tokens and send API calls instead of Reloadly's hosts (RELOADLY_AUTH_URL, RELOADLY_API_URL). */
  authUrl?: string;
  apiUrl?: string;
  /** Clock in epoch milliseconds, for token expiry. */
  now?: () => number;
  /** Per-request limit, covering the answer's body too. */
  timeoutMs?: number;
  /** The offset from UTC Reloadly's promotion dates are read in (they state none); UTC when unset. */
  promotionUtcOffset?: string;
}

const LIVE_API = 'https://topups.reloadly.com';
const SANDBOX_API = 'https://topups-sandbox.reloadly.com';
const AUTH_URL = 'https://auth.reloadly.com';
const ACCEPT = 'application/com.reloadly.topups-v1+json';
const DEFAULT_TIMEOUT_MS = 15_000;
/** A token is renewed this long before Reloadly says it expires (at most 10% of its lifetime). */
const TOKEN_SAFETY_MARGIN_MS = 60_000;
const TOKEN_REJECTIONS = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN']);

interface RawAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

export function createReloadlyProvider(options: ReloadlyOptions): TopupProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const audience = options.sandbox ? SANDBOX_API : LIVE_API;
  const apiUrl = trimSlash(options.apiUrl ?? audience);
  const authUrl = trimSlash(options.authUrl ?? AUTH_URL);

  let cachedToken: CachedToken | null = null;
  let tokenInFlight: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const answer = await send(`${authUrl}/oauth/token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
        audience,
      }),
    });
    if (!answer.ok) throw errorFromAnswer(answer);
    const token = readAnswer(tokenSchema, answer);
    const lifetimeMs = token.expires_in * 1000;
    cachedToken = {
      value: token.access_token,
      expiresAt: now() + lifetimeMs - Math.min(TOKEN_SAFETY_MARGIN_MS, lifetimeMs / 10),
    };
    return token.access_token;
  }

  /** The cached token, or one new token shared by every caller waiting for it. */
  function accessToken(): Promise<string> {
    if (cachedToken && now() < cachedToken.expiresAt) return Promise.resolve(cachedToken.value);
    tokenInFlight ??= requestToken().finally(() => {
      tokenInFlight = null;
    });
    return tokenInFlight;
  }

  async function callApi<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const sendWith = (token: string) =>
      send(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: ACCEPT,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const token = await accessToken();
    let answer = await sendWith(token);
    if (answer.status === 401 && rejectsToken(answer.body)) {
      // Only the rejected token is dropped: a concurrent caller may already have renewed it.
      if (cachedToken?.value === token) cachedToken = null;
      answer = await sendWith(await accessToken());
    }
    if (!answer.ok) throw errorFromAnswer(answer);
    return readAnswer(schema, answer);
  }

  async function send(url: string, init: RequestInit): Promise<RawAnswer> {
    try {
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      return { status: response.status, ok: response.ok, body: parseJson(text) };
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new TopupProviderError(timedOut ? `Reloadly did not answer within ${timeoutMs} ms` : 'Reloadly could not be reached', {
        code: 'UPSTREAM_UNAVAILABLE',
        status: 502,
        retryable: true,
        cause,
      });
    }
  }

  return {
    detectOperator(phone: string, countryIso: string): Promise<ProviderOperator> {
      return callApi(
        'GET',
        `/operators/auto-detect/phone/${encodeURIComponent(phone)}/countries/${encodeURIComponent(countryIso.toUpperCase())}` +
          '?suggestedAmountsMap=true&suggestedAmounts=true',
        operatorSchema,
      );
    },

    operatorsByCountry(countryIso: string): Promise<ProviderOperator[]> {
      return callApi(
        'GET',
        `/operators/countries/${encodeURIComponent(countryIso.toUpperCase())}?suggestedAmounts=true&suggestedAmountsMap=true`,
        operatorListSchema,
      );
    },

    sendTopup(request: TopupRequest): Promise<TopupResult> {
      return callApi('POST', '/topups', transactionSchema, {
        operatorId: request.operatorId,
        amount: request.amount,
        useLocalAmount: request.useLocalAmount,
        customIdentifier: request.customIdentifier,
        recipientPhone: { countryCode: request.recipientPhone.countryCode, number: request.recipientPhone.number },
      });
    },

    async topupStatus(transactionId: string): Promise<TopupResult | null> {
      try {
        return await callApi('GET', `/topups/${encodeURIComponent(transactionId)}/status`, topupStatusAnswerSchema);
      } catch (error) {
        // Only a 404 in Reloadly's own envelope, with its error code, says the transaction does not exist; the
        // framework's bare 404 (a wrong path or host) is an error to retry, never "unknown transaction".
        if (error instanceof TopupProviderError && error.status === 404 && error.code !== 'NOT_FOUND') return null;
        throw error;
      }
    },

    async promotionsByCountry(countryIso: string): Promise<OperatorPromotion[]> {
      const utcOffset = options.promotionUtcOffset ?? '+00:00';
      try {
        const entries = await callApi('GET', `/promotions/country-codes/${encodeURIComponent(countryIso.toUpperCase())}`, promotionListSchema);
        return entries.map((entry) => readPromotion(entry, utcOffset)).filter((promotion) => promotion !== null);
      } catch (error) {
        // Reloadly's own 404 (its envelope, with a code) says the country has none; a bare 404 is an error like any.
        if (error instanceof TopupProviderError && error.status === 404 && error.code !== 'NOT_FOUND') return [];
        throw error;
      }
    },

    walletBalance(): Promise<{ balance: number; currencyCode: string }> {
      return callApi('GET', '/accounts/balance', accountBalanceSchema);
    },

    async findTopupByCustomIdentifier(customIdentifier: string): Promise<TopupResult | null> {
      const report = await callApi(
        'GET',
        `/topups/reports/transactions?customIdentifier=${encodeURIComponent(customIdentifier)}`,
        transactionReportSchema,
      );
      // Entries are read one by one: ours must be readable, but an unreadable stranger on the page is not our concern.
      const ours = report.content.find((entry) => identifierOf(entry) === customIdentifier);
      if (ours === undefined) return null;
      return readAnswer(transactionSchema, { status: 200, ok: true, body: ours });
    },
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The customIdentifier of a report entry, numbers included, without reading the rest of it. */
function identifierOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const value = (entry as { customIdentifier?: unknown }).customIdentifier;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/**
 * A 401 that is about the token: TOKEN_EXPIRED, INVALID_TOKEN, or Reloadly's envelope with a null errorCode (its
 * docs show one, naming INVALID_TOKEN only in infoLink). The token is then renewed once.
 */
function rejectsToken(body: unknown): boolean {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return false;
  const { errorCode } = parsed.data;
  return errorCode ? TOKEN_REJECTIONS.has(errorCode) : isReloadlyEnvelope(parsed.data);
}

function errorFromAnswer(answer: RawAnswer): TopupProviderError {
  const parsed = errorBodySchema.safeParse(answer.body);
  const body = parsed.success ? parsed.data : {};
  const isEnvelope = isReloadlyEnvelope(body);
  // Outside Reloadly's envelope a 404 is the framework's "No message available" for a wrong path or host.
  const bareNotFound = answer.status === 404 && !(isEnvelope && body.errorCode);
  const code = bareNotFound ? 'NOT_FOUND' : (body.errorCode ?? 'UPSTREAM_ERROR');
  const message =
    isEnvelope && body.message
      ? body.message
      : `Reloadly answered ${answer.status}${body.error ? ` ${body.error}` : ''}${body.path ? ` for ${body.path}` : ''}`;
  return new TopupProviderError(message, {
    code,
    status: answer.status,
    retryable: answer.status >= 500 || answer.status === 429 || bareNotFound,
  });
}

function readAnswer<S extends z.ZodType>(schema: S, answer: RawAnswer): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new TopupProviderError(`Reloadly sent an answer we could not read: ${issue.message}${where}`, {
    code: 'UPSTREAM_INVALID_RESPONSE',
    status: 502,
    retryable: false,
  });
}
