import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth/secret';
import { ConfigError, loadConfig, SANDBOX_MERCHANT } from './config';

const MERCHANT = {
  MERCHANT_LEGAL_NAME: 'GlobalTopUp Inc.',
  MERCHANT_ADDRESS: '1 Market Street, San Francisco, CA 94105, United States',
  MERCHANT_SUPPORT_EMAIL: 'support@globaltopup.com',
  MERCHANT_SUPPORT_PHONE: '+1 415 555 0100',
};

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/app', 'data'),
      databaseUrl: undefined,
      nodeEnv: 'production',
      clientDir: path.resolve('/srv/app', 'dist/client'),
    });
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/var/lib/topup', DATABASE_URL: 'postgres://u@db:5432/topup' }, '/srv/app');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/topup');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/topup');
  });

  it('waits up to DATABASE_START_TIMEOUT_S seconds for PostgreSQL at start, 60 by default', () => {
    expect(loadConfig({}).databaseStartTimeoutSeconds).toBe(60);
    expect(loadConfig({ DATABASE_START_TIMEOUT_S: '300' }).databaseStartTimeoutSeconds).toBe(300);
    expect(loadConfig({ DATABASE_START_TIMEOUT_S: '0' }).databaseStartTimeoutSeconds).toBe(0);
  });

  it('uses the sandbox top-up provider unless both Reloadly credentials are set', () => {
    expect(loadConfig({}).reloadly).toBeUndefined();
    expect(loadConfig({ RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 'secret' }).reloadly).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      sandbox: false,
      promotionUtcOffset: '+00:00',
    });
    expect(loadConfig({ RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 'secret', RELOADLY_SANDBOX: 'true' }).reloadly?.sandbox).toBe(true);
    const credentials = { RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...credentials, RELOADLY_PROMOTION_UTC_OFFSET: '-06:00' }).reloadly?.promotionUtcOffset).toBe('-06:00');
    expect(() => loadConfig({ ...credentials, RELOADLY_PROMOTION_UTC_OFFSET: 'GMT-6' })).toThrow(/^RELOADLY_PROMOTION_UTC_OFFSET must be an offset/);
    expect(() => loadConfig({ RELOADLY_CLIENT_ID: 'id' })).toThrow(/^RELOADLY_CLIENT_SECRET must be set too/);
    expect(() => loadConfig({ RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 's', RELOADLY_SANDBOX: 'yes' })).toThrow(
      /^RELOADLY_SANDBOX must be true or false/,
    );
  });

  it('uses the sandbox payment provider unless both Stripe keys are set, with the webhook secret optional', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' }).stripe).toEqual({
      secretKey: 'sk_test_51Abc',
      publishableKey: 'pk_test_51Abc',
      webhookSecret: undefined,
    });
    const live = loadConfig({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'rk_live_51Abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      ...MERCHANT,
    });
    expect(live.stripe).toEqual({ secretKey: 'rk_live_51Abc', publishableKey: 'pk_live_51Abc', webhookSecret: 'whsec_abc123' });
    const liveWithoutWebhooks = loadConfig({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_51Abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc',
      ...MERCHANT,
    });
    expect(liveWithoutWebhooks.stripe?.webhookSecret).toBeUndefined();
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'sk_test_51Abc' },
      /^STRIPE_PUBLISHABLE_KEY must be set too: Stripe needs both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY$/,
    ],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' }, /^STRIPE_SECRET_KEY must be set too/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }, /^STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not$/],
    [
      { STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' },
      /^STRIPE_PUBLISHABLE_KEY is a test key but STRIPE_SECRET_KEY is a live key: both must be test keys or both live keys$/,
    ],
    [
      { STRIPE_SECRET_KEY: 'pk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' },
      /^STRIPE_SECRET_KEY must be a Stripe secret or restricted key: sk_test_…, sk_live_…, rk_test_… or rk_live_… \(value not shown\)$/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_51Abc' },
      /^STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key: pk_test_… or pk_live_… \(got "sk_test_51Abc"\)$/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc', STRIPE_WEBHOOK_SECRET: 'sk_test_51Abc' },
      /^STRIPE_WEBHOOK_SECRET must be a webhook endpoint's signing secret: whsec_… \(value not shown\)$/,
    ],
  ])('rejects the Stripe settings %j with one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names the merchant on receipts from MERCHANT_*, the sandbox’s sample business by default', () => {
    expect(loadConfig({}).merchant).toEqual(SANDBOX_MERCHANT);
    expect(loadConfig({ ...MERCHANT, MERCHANT_LEGAL_NAME: '  GlobalTopUp Inc.  ' }).merchant).toEqual({
      legalName: 'GlobalTopUp Inc.',
      address: '1 Market Street, San Francisco, CA 94105, United States',
      supportEmail: 'support@globaltopup.com',
      supportPhone: '+1 415 555 0100',
    });
    expect(loadConfig({ MERCHANT_SUPPORT_PHONE: '+1 (415) 555-0100' }).merchant).toMatchObject({
      supportPhone: '+1 (415) 555-0100',
      legalName: SANDBOX_MERCHANT.legalName,
    });
  });

  it.each([
    [{ MERCHANT_LEGAL_NAME: 'X' }, /^MERCHANT_LEGAL_NAME must be the business’s legal name, 2 to 120 characters on one line \(got "X"\)$/],
    [{ MERCHANT_ADDRESS: '1 Road\nTown' }, /^MERCHANT_ADDRESS must be a postal address of 5 to 200 characters on one line/],
    [{ MERCHANT_SUPPORT_EMAIL: 'support' }, /^MERCHANT_SUPPORT_EMAIL must be an e-mail address \(got "support"\)$/],
    [{ MERCHANT_SUPPORT_PHONE: 'call us' }, /^MERCHANT_SUPPORT_PHONE must be a phone number in international form/],
  ])('refuses a merchant setting that cannot be printed on a receipt: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('with live Stripe keys, requires the real merchant: every MERCHANT_* variable set', () => {
    const live = { STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' };
    expect(() => loadConfig({ ...live, ...MERCHANT, MERCHANT_ADDRESS: undefined, MERCHANT_SUPPORT_PHONE: '' })).toThrow(
      new ConfigError(
        'MERCHANT_ADDRESS, MERCHANT_SUPPORT_PHONE must be set with live Stripe keys: receipts name the business, its address and its support contact',
      ),
    );
    expect(loadConfig({ ...live, ...MERCHANT }).merchant.legalName).toBe('GlobalTopUp Inc.');
    // Test keys take no money: the sample business may stand in.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' }).merchant).toEqual(SANDBOX_MERCHANT);
  });

  it('reads DAILY_SPEND_LIMIT_USD as cents, $200 by default', () => {
    expect(loadConfig({}).dailySpendLimitCents).toBe(20_000);
    expect(loadConfig({ DAILY_SPEND_LIMIT_USD: '350' }).dailySpendLimitCents).toBe(35_000);
    expect(loadConfig({ DAILY_SPEND_LIMIT_USD: '0.29' }).dailySpendLimitCents).toBe(29);
    expect(loadConfig({ DAILY_SPEND_LIMIT_USD: '1234.5' }).dailySpendLimitCents).toBe(123_450);
  });

  it.each(['0', '0.00', '-5', '10.999', 'abc', '1e3'])('rejects DAILY_SPEND_LIMIT_USD=%s with one line naming the variable', (value) => {
    expect(() => loadConfig({ DAILY_SPEND_LIMIT_USD: value })).toThrow(
      `DAILY_SPEND_LIMIT_USD must be a positive USD amount with at most 2 decimals (got "${value}")`,
    );
  });

  it('reads BLOCKED_DESTINATIONS as upper-case ISO codes, each once, none by default', () => {
    expect(loadConfig({}).blockedDestinations).toEqual([]);
    expect(loadConfig({ BLOCKED_DESTINATIONS: ' sy, CU ,kp,,IR,cu ' }).blockedDestinations).toEqual(['CU', 'IR', 'KP', 'SY']);
  });

  it.each(['CU,XX', 'CUB', 'C U', 'CU;IR', '12'])('refuses BLOCKED_DESTINATIONS=%s, naming the code that is not one', (value) => {
    expect(() => loadConfig({ BLOCKED_DESTINATIONS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ BLOCKED_DESTINATIONS: value })).toThrow(
      /^BLOCKED_DESTINATIONS must be a comma-separated list of 2-letter ISO 3166 country codes, e\.g\. CU,IR,KP,SY; ".+" is not one/,
    );
  });

  it('never repeats a secret in a configuration error', () => {
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'too-short-secret' })).toThrow(
      /^BETTER_AUTH_SECRET must be at least 32 characters \(value not shown\)$/,
    );
  });

  it('serves no metrics unless METRICS_TOKEN or METRICS_PORT is set', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    const token = 'a-metrics-token-of-32-characters!';
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464 });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /^PORT must be a port number between 0 and 65535 \(got "abc"\)$/],
    ['PORT', '70000', /^PORT must be a port number/],
    ['DATABASE_URL', 'mysql://localhost/db', /^DATABASE_URL must be a postgres:\/\/ URL/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of fatal, error/],
    ['NODE_ENV', 'staging', /^NODE_ENV must be one of development, production, test/],
    ['METRICS_TOKEN', 'short-token', /^METRICS_TOKEN must be at least 32 characters \(value not shown\)$/],
    ['METRICS_PORT', 'metrics', /^METRICS_PORT must be a port number between 1 and 65535 \(got "metrics"\)$/],
    ['METRICS_PORT', '0', /^METRICS_PORT must be a port number between 1 and 65535/],
    ['METRICS_PORT', '65536', /^METRICS_PORT must be a port number between 1 and 65535/],
    ['METRICS_PORT', '3000', /^METRICS_PORT must differ from PORT \(got "3000"\)$/],
    ['DATABASE_START_TIMEOUT_S', 'soon', /^DATABASE_START_TIMEOUT_S must be a whole number of seconds from 0 to 3600 \(got "soon"\)$/],
    ['DATABASE_START_TIMEOUT_S', '1.5', /^DATABASE_START_TIMEOUT_S must be a whole number of seconds from 0 to 3600/],
    ['DATABASE_START_TIMEOUT_S', '-1', /^DATABASE_START_TIMEOUT_S must be a whole number of seconds from 0 to 3600/],
    ['DATABASE_START_TIMEOUT_S', '3601', /^DATABASE_START_TIMEOUT_S must be a whole number of seconds from 0 to 3600/],
    ['TRUST_PROXY', 'everyone', /^TRUST_PROXY must be a number of proxy hops/],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
  it('reads the account settings: public URL, admins, SMTP and Google', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig({
      PUBLIC_URL: 'https://topup.example/',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://topup.example',
      authSecret: 'x'.repeat(32),
      adminEmails: ['boss@example.com', 'ops@example.com'],
      smtpUrl: 'smtps://user:pass@mail.example:465',
      google: { clientId: 'id', clientSecret: 'secret' },
    });
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({}).adminEmails).toEqual([]);
  });

  it('requires BETTER_AUTH_SECRET in production with PostgreSQL, and keeps a generated one in DATA_DIR otherwise', () => {
    expect(() => resolveAuthSecret(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/topup' }))).toThrow(
      /^BETTER_AUTH_SECRET must be set in production with DATABASE_URL/,
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-secret-'));
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const first = resolveAuthSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(config)).toBe(first);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(resolveAuthSecret(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, BETTER_AUTH_SECRET: 'y'.repeat(40) }))).toBe('y'.repeat(40));
  });

  it.each([
    ['PUBLIC_URL', 'topup.example', /^PUBLIC_URL must be an http:\/\/ or https:\/\/ URL \(got "topup.example"\)$/],
    ['PUBLIC_URL', 'ftp://topup.example', /^PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    ['BETTER_AUTH_SECRET', 'short', /^BETTER_AUTH_SECRET must be at least 32 characters/],
    ['ADMIN_EMAILS', 'boss@example.com,not-an-email', /^ADMIN_EMAILS must be a comma-separated list of e-mail addresses/],
    ['SMTP_URL', 'http://mail.example', /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ['GOOGLE_CLIENT_ID', 'id', /^GOOGLE_CLIENT_SECRET must be set too/],
    ['GOOGLE_CLIENT_SECRET', 'secret', /^GOOGLE_CLIENT_ID must be set too/],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
