import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPaymentProvider, ConfigError, loadConfig } from '../config';
import { projectRoot } from '../paths';

const LIVE_RELOADLY = { RELOADLY_CLIENT_ID: 'live-id', RELOADLY_CLIENT_SECRET: 'live-secret' };
const TEST_STRIPE = { STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' };
const MERCHANT = {
  MERCHANT_LEGAL_NAME: 'GlobalTopUp Inc.',
  MERCHANT_ADDRESS: '1 Market Street, San Francisco, CA 94105, United States',
  MERCHANT_SUPPORT_EMAIL: 'support@globaltopup.com',
  MERCHANT_SUPPORT_PHONE: '+1 415 555 0100',
};
// Live keys take real money, so receipts must name the real business (ADR 042).
const LIVE_STRIPE = { STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc', ...MERCHANT };

const check = (env: NodeJS.ProcessEnv) => () => checkPaymentProvider(loadConfig(env));

describe('the payment provider fails closed', () => {
  it('refuses to start with live Reloadly and no Stripe keys, printing one line that names the variables', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        DATABASE_URL: '',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'topup-live-')),
        PAYMENTS: '',
        ...LIVE_RELOADLY,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Configuration error: RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET are live Reloadly credentials .*STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
    );
    expect(result.stdout).toBe('');
  });

  it.each([
    ['live Reloadly, no Stripe keys, in production', { NODE_ENV: 'production', ...LIVE_RELOADLY }],
    ['live Reloadly with PAYMENTS=sandbox', { NODE_ENV: 'production', PAYMENTS: 'sandbox', ...LIVE_RELOADLY }],
    ['live Reloadly with PAYMENTS=sandbox outside production', { NODE_ENV: 'development', PAYMENTS: 'sandbox', ...LIVE_RELOADLY }],
    ['live Reloadly with Stripe test keys', { NODE_ENV: 'production', ...TEST_STRIPE, ...LIVE_RELOADLY }],
    ['production without Stripe keys or PAYMENTS', { NODE_ENV: 'production' }],
    ['PAYMENTS=stripe without the keys', { NODE_ENV: 'production', PAYMENTS: 'stripe' }],
    ['PAYMENTS=sandbox with Stripe keys', { NODE_ENV: 'production', PAYMENTS: 'sandbox', ...LIVE_STRIPE }],
  ])('refuses %s', (_label, env) => {
    expect(check(env)).toThrow(ConfigError);
  });

  it.each([
    ['the sandbox asked for in production', { NODE_ENV: 'production', PAYMENTS: 'sandbox' }],
    ['the sandbox with Reloadly sandbox credentials', { NODE_ENV: 'production', PAYMENTS: 'sandbox', RELOADLY_SANDBOX: 'true', ...LIVE_RELOADLY }],
    ['live Stripe with live Reloadly', { NODE_ENV: 'production', ...LIVE_STRIPE, ...LIVE_RELOADLY }],
    ['Stripe test keys on the sandbox top-ups', { NODE_ENV: 'production', ...TEST_STRIPE }],
    ['the sandbox in development without PAYMENTS', { NODE_ENV: 'development' }],
  ])('allows %s', (_label, env) => {
    expect(check(env)).not.toThrow();
  });

  it('refuses an unknown PAYMENTS value, naming it', () => {
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow(/^PAYMENTS must be sandbox or stripe \(got "free"\)$/);
  });
});
