import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { LOCAL_OIDC_CLIENT_ID } from './auth/local-oidc';
import { loadConfig } from './config';
import { testConfig } from './testing/app';
import { accountClient, TEST_ORIGIN } from './testing/accounts';
import { openTestDatabase, type TestDatabase } from './testing/databases';

const CALLBACK = `${TEST_ORIGIN}/api/auth/callback/google`;

describe('the local OpenID Connect provider', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('runs outside production without Google credentials, and in production only when LOCAL_OIDC=true', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).localOidc).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).localOidc).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', LOCAL_OIDC: 'false' }).localOidc).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).localOidc).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LOCAL_OIDC: 'true' }).localOidc).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).localOidc).toBe(false);
    expect(() => loadConfig({ LOCAL_OIDC: 'maybe' })).toThrow(/^LOCAL_OIDC must be true or false/);
  });

  it('serves its discovery document under /oidc, with PKCE S256 and the endpoints on this server', async () => {
    const response = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    const discovery = response.json<Record<string, unknown>>();
    expect(discovery).toMatchObject({
      issuer: `${TEST_ORIGIN}/oidc`,
      code_challenge_methods_supported: ['S256'],
      scopes_supported: expect.arrayContaining(['openid', 'email', 'profile']),
    });
    expect(discovery.authorization_endpoint).toMatch(/\/oidc\/auth$/);
    expect(discovery.token_endpoint).toMatch(/\/oidc\/token$/);
    const jwks = await app.inject({ method: 'GET', url: '/oidc/jwks' });
    expect(jwks.json<{ keys: unknown[] }>().keys).toHaveLength(1);
  });

  it('refuses an authorization request without a code_challenge', async () => {
    const query = new URLSearchParams({
      client_id: LOCAL_OIDC_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: CALLBACK,
      state: 'xyz',
    });
    const response = await app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it("signs in through Google's endpoints: sign-in/social, the provider page, the callback with a code", async () => {
    const browser = accountClient(app, '198.51.100.200');
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: `${TEST_ORIGIN}/auth?post-auth=google`,
      errorCallbackURL: `${TEST_ORIGIN}/auth?error=google`,
    });
    expect(start.statusCode).toBe(200);
    const authorize = new URL(start.json<{ url: string }>().url);
    expect(authorize.pathname).toBe('/oidc/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();

    const toInteraction = await browser.get(`${authorize.pathname}${authorize.search}`);
    expect(toInteraction.statusCode).toBe(303);
    const interaction = toInteraction.headers.location as string;
    const page = await browser.get(interaction);
    expect(page.body).toContain('<title>Local Google sign-in (development)</title>');

    const login = await app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      headers: { cookie: browser.cookies, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=zainab%40example.com',
    });
    expect(login.statusCode).toBe(303);
    const resume = await browser.get(new URL(login.headers.location as string).pathname);
    expect(resume.statusCode).toBe(303);
    const callback = new URL(resume.headers.location as string);
    expect(callback.pathname).toBe('/api/auth/callback/google');
    expect(callback.searchParams.get('code')).toBeTruthy();

    const done = await browser.get(`${callback.pathname}${callback.search}`);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${TEST_ORIGIN}/auth?post-auth=google`);
    const user = await browser.get('/api/user');
    expect(user.json()).toMatchObject({ success: true, user: { email: 'zainab@example.com' } });
  });
});
