import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';

export const TEST_ORIGIN = 'http://localhost:0';

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header (empty values dropped). */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * A browser-like client for one test: keeps the cookies it is given and sends the same-origin Origin header. `app` may
 * be a function answering the server of each call, for a browser whose calls a load balancer spreads over instances.
 */
export function accountClient(app: FastifyInstance | (() => FastifyInstance), ip = '203.0.113.10') {
  let cookies = '';
  const serverOfCall = typeof app === 'function' && !('inject' in app) ? app : () => app as FastifyInstance;
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await serverOfCall().inject({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: { origin: TEST_ORIGIN, ...(cookies ? { cookie: cookies } : {}) },
      remoteAddress: ip,
    });
    if (response.headers['set-cookie']) cookies = mergeCookies(cookies, response);
    return response;
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}),
    patch: (url: string, payload?: unknown) => call('PATCH', url, payload ?? {}),
    put: (url: string, payload?: unknown) => call('PUT', url, payload ?? {}),
    delete: (url: string, payload?: unknown) => call('DELETE', url, payload),
    signUp: (email: string, password: string, extra: Record<string, unknown> = {}) =>
      call('POST', '/api/auth/sign-up/email', { email, password, ...extra }),
    signIn: (email: string, password: string) => call('POST', '/api/auth/sign-in/email', { email, password }),
    /** A cookie the page itself writes (the language and theme preferences, for instance). */
    setCookie(name: string, value: string) {
      cookies = [...cookies.split('; ').filter((pair) => pair && !pair.startsWith(`${name}=`)), `${name}=${value}`].join('; ');
    },
    get cookies() {
      return cookies;
    },
  };
}

function mergeCookies(current: string, response: LightMyRequestResponse): string {
  const jar = new Map(
    current ? current.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const) : [],
  );
  const raw = response.headers['set-cookie'];
  for (const cookie of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
    const [pair] = cookie.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index);
    const value = pair!.slice(index + 1);
    if (!value || /max-age=0/i.test(cookie)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The current TOTP code for an otpauth:// URI, as an authenticator app would show it. */
export function totpCode(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret')!;
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

/**
 * Signs a browser in as `email` through the local Google stand-in (sign-in/social, the provider's page, the callback)
 * and answers the callback's response: a redirect to callbackURL, with the session cookie or a two-factor challenge.
 */
export async function signInWithLocalGoogle(app: FastifyInstance, browser: ReturnType<typeof accountClient>, email: string) {
  const start = await browser.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: `${TEST_ORIGIN}/auth?post-auth=google` });
  const authorize = new URL(start.json<{ url: string }>().url);
  const interaction = (await browser.get(`${authorize.pathname}${authorize.search}`)).headers.location as string;
  await browser.get(interaction);
  const login = await app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    headers: { cookie: browser.cookies, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });
  const resume = await browser.get(new URL(login.headers.location as string).pathname);
  const callback = new URL(resume.headers.location as string);
  return browser.get(`${callback.pathname}${callback.search}`);
}

/** Opens the newest address-confirmation link e-mailed to `email` (the outbox), as its owner would. */
export async function confirmEmailFromOutbox(app: FastifyInstance, db: Database, email: string) {
  const mails = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.createdAt));
  const found = mails.map((mail) => /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(mail.text)?.[0]).find(Boolean);
  const link = new URL(found ?? 'http://missing/');
  expect(link.pathname).toBe('/api/auth/verify-email');
  return app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
}
