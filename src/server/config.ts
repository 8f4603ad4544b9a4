import { isIP } from 'node:net';
import path from 'node:path';
import isoCountries from 'i18n-iso-countries';
import { z } from 'zod';
import type { Merchant } from '../shared/api/receipts';
import { DEFAULT_DECLINE_ALERT, type DeclineAlertThresholds } from '../shared/api/admin-overview';

/** Printable text on one line: no control characters (a receipt's header lines). */
const ONE_LINE = /^[^\p{Cc}]+$/u;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Never echoed in a configuration error: the message ends up in logs. */
const SECRET_VARIABLES = new Set([
  'BETTER_AUTH_SECRET',
  'RELOADLY_CLIENT_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'METRICS_TOKEN',
  // May carry a password (redis://:secret@host).
  'REDIS_URL',
]);

/** Environment variables the server reads, each with the one-line message shown when it is wrong. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], 'must be one of development, production, test').default('production'),
  PORT: z.coerce
    .number('must be a port number between 0 and 65535')
    .int('must be a port number between 0 and 65535')
    .min(0, 'must be a port number between 0 and 65535')
    .max(65535, 'must be a port number between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .url('must be a postgres:// URL')
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL')
    .optional(),
  DATABASE_START_TIMEOUT_S: z.coerce
    .number('must be a whole number of seconds from 0 to 3600')
    .int('must be a whole number of seconds from 0 to 3600')
    .min(0, 'must be a whole number of seconds from 0 to 3600')
    .max(3600, 'must be a whole number of seconds from 0 to 3600')
    .default(60),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
  CLIENT_DIR: z.string().min(1, 'must not be empty').optional(),
  RELOADLY_CLIENT_ID: z.string().min(1).optional(),
  RELOADLY_CLIENT_SECRET: z.string().min(1).optional(),
  RELOADLY_SANDBOX: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  RELOADLY_API_URL: z
    .url('must be an http:// or https:// URL')
    .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL')
    .optional(),
  RELOADLY_AUTH_URL: z
    .url('must be an http:// or https:// URL')
    .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL')
    .optional(),
  RELOADLY_PROMOTION_UTC_OFFSET: z
    .string()
    .regex(/^[+-](?:0\d|1[0-4]):[0-5]\d$/, 'must be an offset from UTC such as +00:00 or -06:00')
    .default('+00:00'),
  DECLINE_ALERT_PERCENT: z.coerce
    .number('must be a whole percentage from 1 to 100')
    .int('must be a whole percentage from 1 to 100')
    .min(1, 'must be a whole percentage from 1 to 100')
    .max(100, 'must be a whole percentage from 1 to 100')
    .default(DEFAULT_DECLINE_ALERT.ratePercent),
  DECLINE_ALERT_MIN_PAYMENTS: z.coerce
    .number('must be a whole number from 1 to 100000')
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(DEFAULT_DECLINE_ALERT.minPayments),
  AUTO_TOPUP_REMINDER_MINUTES: z.coerce
    .number('must be a whole number of minutes from 1 to 20160')
    .int('must be a whole number of minutes from 1 to 20160')
    .min(1, 'must be a whole number of minutes from 1 to 20160')
    .max(20_160, 'must be a whole number of minutes from 1 to 20160')
    .default(1440),
  RELOADLY_LOW_BALANCE_USD: z
    .string()
    .regex(/^\d{1,9}(?:\.\d{1,2})?$/, 'must be a USD amount with at most 2 decimals')
    .transform(Number)
    .optional(),
  PUBLIC_URL: z
    .url('must be an http:// or https:// URL')
    .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL')
    .optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), 'must be a comma-separated list of e-mail addresses')
    .default([]),
  SMTP_URL: z
    .url('must be an smtp:// or smtps:// URL')
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  LOCAL_OIDC: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key: sk_test_…, sk_live_…, rk_test_… or rk_live_…')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key: pk_test_… or pk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a webhook endpoint's signing secret: whsec_…")
    .optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const proxies = parseTrustProxy(value);
      if (proxies === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'must be a number of proxy hops (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges',
        });
        return z.NEVER;
      }
      return proxies;
    })
    .optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_PORT: z.coerce
    .number('must be a port number between 1 and 65535')
    .int('must be a port number between 1 and 65535')
    .min(1, 'must be a port number between 1 and 65535')
    .max(65535, 'must be a port number between 1 and 65535')
    .optional(),
  REDIS_URL: z
    .url('must be a redis:// or rediss:// URL')
    .refine((value) => /^rediss?:\/\/[^/?#]/.test(value), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits, or . : _ -')
    .default('globaltopup:'),
  PAYMENTS: z.enum(['sandbox', 'stripe'], 'must be sandbox or stripe').optional(),
  DAILY_SPEND_LIMIT_USD: z
    .string()
    .regex(/^\d{1,7}(?:\.\d{1,2})?$/, 'must be a positive USD amount with at most 2 decimals')
    .transform(usdToCents)
    .refine((cents) => cents > 0, 'must be a positive USD amount with at most 2 decimals')
    .default(20_000),
  BLOCKED_DESTINATIONS: z
    .string()
    .transform((value, context) => {
      const codes = value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean);
      const wrong = codes.find((code) => !/^[A-Z]{2}$/.test(code) || !isoCountries.isValid(code));
      if (wrong !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of 2-letter ISO 3166 country codes, e.g. CU,IR,KP,SY; ${JSON.stringify(wrong)} is not one`,
        });
        return z.NEVER;
      }
      return [...new Set(codes)].sort();
    })
    .default([]),
  MERCHANT_LEGAL_NAME: z
    .string()
    .trim()
    .min(2, 'must be the business’s legal name, 2 to 120 characters on one line')
    .max(120, 'must be the business’s legal name, 2 to 120 characters on one line')
    .regex(ONE_LINE, 'must be the business’s legal name, 2 to 120 characters on one line')
    .optional(),
  MERCHANT_ADDRESS: z
    .string()
    .trim()
    .min(5, 'must be a postal address of 5 to 200 characters on one line (parts separated by commas)')
    .max(200, 'must be a postal address of 5 to 200 characters on one line (parts separated by commas)')
    .regex(ONE_LINE, 'must be a postal address of 5 to 200 characters on one line (parts separated by commas)')
    .optional(),
  MERCHANT_SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  MERCHANT_SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?\d[\d ().-]{4,22}\d$/, 'must be a phone number in international form, e.g. +1 415 555 0100')
    .optional(),
});

/** The merchant a sandbox names on its receipts when MERCHANT_* are not set; live Stripe keys need the real ones. */
export const SANDBOX_MERCHANT: Merchant = {
  legalName: 'GlobalTopUp Sandbox Ltd.',
  address: '100 Example Street, Springfield, IL 62701, United States',
  supportEmail: 'support@globaltopup.example',
  supportPhone: '+1 555 0100',
};

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where the embedded database keeps its files when DATABASE_URL is not set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * How long a server whose PostgreSQL cannot be reached at start keeps trying before it gives up
   * (DATABASE_START_TIMEOUT_S, 60 by default; 0 gives up at once). It answers 503 meanwhile (start.ts).
   */
  databaseStartTimeoutSeconds: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** The built browser app (index.html + assets). */
  clientDir: string;
  /**
   * Reloadly credentials; when unset the sandbox top-up provider serves operators and top-ups. `apiUrl` and `authUrl`
   * replace Reloadly's hosts (RELOADLY_API_URL, RELOADLY_AUTH_URL), e.g. to run against a stand-in.
   */
  reloadly:
    | {
        clientId: string;
        clientSecret: string;
        sandbox: boolean;
        apiUrl?: string;
        authUrl?: string;
        /** The zone Reloadly's promotion dates are read in (RELOADLY_PROMOTION_UTC_OFFSET; they carry none). */
        promotionUtcOffset?: string;
      }
    | undefined;
  /** Under this balance of the top-up provider's wallet each top-up logs a warning (RELOADLY_LOW_BALANCE_USD). */
  lowWalletBalance: number | null;
  /** When the last hour's declines raise the alert (DECLINE_ALERT_PERCENT of at least DECLINE_ALERT_MIN_PAYMENTS). */
  declineAlert: DeclineAlertThresholds;
  /** How long before each auto top-up charge its reminder e-mail goes out (AUTO_TOPUP_REMINDER_MINUTES, ADR 068). */
  autoTopupReminderMinutes: number;
  /** The address browsers use to reach the server (origin only): links in e-mails, trusted origin, OAuth callbacks. */
  publicUrl: string;
  /**
   * Signs session cookies and encrypts two-factor secrets. Required in production with PostgreSQL; otherwise, when
   * unset, one is generated and kept in DATA_DIR (see auth/secret.ts).
   */
  authSecret: string | undefined;
  /** Lowercased addresses that are made admins at sign-up and at start. */
  adminEmails: string[];
  /** Outgoing mail server; when unset, e-mails are kept in the email_outbox table. */
  smtpUrl: string | undefined;
  /** Google OAuth credentials; when unset, Google sign-in is not offered by Google itself. */
  google: { clientId: string; clientSecret: string } | undefined;
  /**
   * Whether the local OpenID Connect provider at /oidc stands in for Google (auth/local-oidc.ts). Never when Google
   * credentials are set; otherwise LOCAL_OIDC, which defaults to true outside production and false in production.
   */
  localOidc: boolean;
  /**
   * Stripe keys (test or live, never mixed); when unset the sandbox payment provider takes payments. `webhookSecret`
   * verifies POST /api/webhooks/payments (and its alias /api/webhooks/stripe). It may be left unset, even in production:
   * that route then refuses every event, and orders move on only through the browser's top-up call and the reconciler.
   */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
  /** The most one user may spend in any 24 hours, in USD cents (DAILY_SPEND_LIMIT_USD, default $200). */
  dailySpendLimitCents: number;
  /**
   * Which X-Forwarded-For / -Proto / -Host hops are believed (TRUST_PROXY): false (the default) believes none, and
   * the client's address is the connection's; a number believes that many proxies in front of the server; a list
   * believes hops from those addresses or ranges. Every per-address limit, the sign-in throttle and Better Auth's
   * session records use the address this yields.
   */
  trustProxy: false | number | string[];
  /**
   * Where GET /metrics answers (docs/decisions/017-…): `token` (METRICS_TOKEN) opens it on the server's own port to
   * requests with `Authorization: Bearer <token>`; `port` (METRICS_PORT) serves it on a port of its own, on HOST, for
   * a network the public cannot reach (the token is asked there too when set). Neither set: no /metrics.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * REDIS_URL: where the instances share rate limits, Better Auth's session copies and cache invalidations
   * (shared-state/); undefined runs all of it in this process, as one instance needs.
   */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX: before every key and channel this server uses in Redis; instances that share state share it. */
  redisKeyPrefix: string;
  /** PAYMENTS: the payment provider asked for explicitly; see checkPaymentProvider. */
  payments: 'sandbox' | 'stripe' | undefined;
  /**
   * Destinations the business may not serve (BLOCKED_DESTINATIONS, upper-case ISO codes, sorted; none by default):
   * refused everywhere a disabled country is, and their switches cannot be turned on from the console.
   */
  blockedDestinations: string[];
  /**
   * Who sells, as receipts and their e-mails name it (MERCHANT_LEGAL_NAME, MERCHANT_ADDRESS, MERCHANT_SUPPORT_EMAIL,
   * MERCHANT_SUPPORT_PHONE): the sandbox's sample business when unset, and required with live Stripe keys.
   */
  merchant: Merchant;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, projectRoot = process.cwd()): Config {
  const emptyAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(emptyAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const got = SECRET_VARIABLES.has(name) ? 'value not shown' : `got ${JSON.stringify(env[name])}`;
    throw new ConfigError(`${name} ${issue.message} (${got})`);
  }
  const values = parsed.data;
  if (Boolean(values.RELOADLY_CLIENT_ID) !== Boolean(values.RELOADLY_CLIENT_SECRET)) {
    const missing = values.RELOADLY_CLIENT_ID ? 'RELOADLY_CLIENT_SECRET' : 'RELOADLY_CLIENT_ID';
    throw new ConfigError(`${missing} must be set too: Reloadly needs both RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET`);
  }
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    const missing = values.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(`${missing} must be set too: Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`);
  }
  const stripe = stripeSettings(values);
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (got "${values.METRICS_PORT}")`);
  }
  return {
    merchant: merchantOf(values, stripe),
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(projectRoot, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseStartTimeoutSeconds: values.DATABASE_START_TIMEOUT_S,
    logLevel: values.LOG_LEVEL,
    clientDir: path.resolve(projectRoot, values.CLIENT_DIR ?? 'dist/client'),
    reloadly:
      values.RELOADLY_CLIENT_ID && values.RELOADLY_CLIENT_SECRET
        ? {
            clientId: values.RELOADLY_CLIENT_ID,
            clientSecret: values.RELOADLY_CLIENT_SECRET,
            sandbox: values.RELOADLY_SANDBOX,
            ...(values.RELOADLY_API_URL ? { apiUrl: values.RELOADLY_API_URL } : {}),
            ...(values.RELOADLY_AUTH_URL ? { authUrl: values.RELOADLY_AUTH_URL } : {}),
            promotionUtcOffset: values.RELOADLY_PROMOTION_UTC_OFFSET,
          }
        : undefined,
    lowWalletBalance: values.RELOADLY_LOW_BALANCE_USD ?? null,
    declineAlert: { ratePercent: values.DECLINE_ALERT_PERCENT, minPayments: values.DECLINE_ALERT_MIN_PAYMENTS },
    autoTopupReminderMinutes: values.AUTO_TOPUP_REMINDER_MINUTES,
    publicUrl: new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).origin,
    authSecret: values.BETTER_AUTH_SECRET,
    adminEmails: values.ADMIN_EMAILS,
    smtpUrl: values.SMTP_URL,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? { clientId: values.GOOGLE_CLIENT_ID, clientSecret: values.GOOGLE_CLIENT_SECRET }
        : undefined,
    localOidc: !values.GOOGLE_CLIENT_ID && (values.LOCAL_OIDC ?? values.NODE_ENV !== 'production'),
    stripe,
    dailySpendLimitCents: values.DAILY_SPEND_LIMIT_USD,
    trustProxy: values.TRUST_PROXY ?? false,
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT },
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    payments: values.PAYMENTS,
    blockedDestinations: values.BLOCKED_DESTINATIONS,
  };
}

/**
 * Fails closed before a server starts taking payments: the sandbox payment provider (no Stripe keys) holds no money,
 * so in production it runs only when PAYMENTS=sandbox says so; and it never runs with live Reloadly credentials, nor
 * do Stripe test keys, because a test card would then buy real airtime. Throws ConfigError naming the variables.
 */
export function checkPaymentProvider(config: Config): void {
  const { payments, stripe, reloadly, nodeEnv } = config;
  if (payments === 'stripe' && !stripe) {
    throw new ConfigError('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  if (payments === 'sandbox' && stripe) {
    throw new ConfigError('PAYMENTS=sandbox but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set: unset PAYMENTS or the Stripe keys');
  }
  const liveStripe = stripe !== undefined && stripe.secretKey.includes('_live_');
  if (reloadly && !reloadly.sandbox && !liveStripe) {
    throw new ConfigError(
      'RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET are live Reloadly credentials (RELOADLY_SANDBOX is not true), which need live ' +
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: with PAYMENTS=sandbox or Stripe test keys a test card would buy real airtime',
    );
  }
  if (nodeEnv === 'production' && !stripe && payments !== 'sandbox') {
    throw new ConfigError(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not set in production: set them to take real payments, ' +
        'or PAYMENTS=sandbox to run on the sandbox payment provider, which takes no money',
    );
  }
}

/** "2" → 2 hops; "10.0.0.1, 10.1.0.0/16, ::1" → that list; undefined when it is neither. */
function parseTrustProxy(value: string): number | string[] | undefined {
  if (/^\d+$/.test(value.trim())) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : undefined;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function stripeSettings(values: z.output<typeof envSchema>): Config['stripe'] {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = values;
  if (Boolean(secretKey) !== Boolean(publishableKey)) {
    const missing = secretKey ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY';
    throw new ConfigError(`${missing} must be set too: Stripe needs both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY`);
  }
  if (!secretKey || !publishableKey) {
    if (webhookSecret) throw new ConfigError('STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not');
    return undefined;
  }
  // The schema has checked both keys start with <kind>_test_ or <kind>_live_.
  const [, secretMode] = secretKey.split('_');
  const [, publishableMode] = publishableKey.split('_');
  if (secretMode !== publishableMode) {
    throw new ConfigError(
      `STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key: ` +
        'both must be test keys or both live keys',
    );
  }
  return { secretKey, publishableKey, webhookSecret };
}

const MERCHANT_VARIABLES = ['MERCHANT_LEGAL_NAME', 'MERCHANT_ADDRESS', 'MERCHANT_SUPPORT_EMAIL', 'MERCHANT_SUPPORT_PHONE'] as const;

/**
 * The merchant on receipts: each MERCHANT_* variable set, else the sandbox's sample value. With live Stripe keys real
 * money is taken, and a receipt naming a sample business is no receipt: all four must then be set.
 */
function merchantOf(values: z.output<typeof envSchema>, stripe: Config['stripe']): Merchant {
  if (stripe?.secretKey.includes('_live_')) {
    const missing = MERCHANT_VARIABLES.filter((name) => values[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `${missing.join(', ')} must be set with live Stripe keys: receipts name the business, its address and its support contact`,
      );
    }
  }
  return {
    legalName: values.MERCHANT_LEGAL_NAME ?? SANDBOX_MERCHANT.legalName,
    address: values.MERCHANT_ADDRESS ?? SANDBOX_MERCHANT.address,
    supportEmail: values.MERCHANT_SUPPORT_EMAIL ?? SANDBOX_MERCHANT.supportEmail,
    supportPhone: values.MERCHANT_SUPPORT_PHONE ?? SANDBOX_MERCHANT.supportPhone,
  };
}

/** "12.5" → 1250, without floating-point rounding. */
function usdToCents(amount: string): number {
  const [dollars, cents = ''] = amount.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}
