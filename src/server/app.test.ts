import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from './db/schema';
import { buildTestApp } from './testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from './testing/databases';

let addressCounter = 0;
/** Each request from its own address, so the contact rate limit only applies where a test is about it. */
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

const validMessage = { name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', message: 'My top-up to Lagos has not arrived yet.' };

describe.each(TEST_DATABASE_KINDS)('HTTP API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  beforeEach(() => database.reset());
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('reports health with the database kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'No API route GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 and a readable message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Amina",',
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'Malformed JSON in request body' });
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers an unsupported body type with a 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false });
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('stores a contact message and answers 201 with its id', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: validMessage, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const rows = await database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', language: 'en' });
  });

  it.each([
    [{ ...validMessage, email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ ...validMessage, name: ' ' }, 'name', 'Please enter your name (at least 2 characters).'],
    [{ ...validMessage, message: 'short' }, 'message', 'Please write a message of at least 10 characters.'],
    [{ ...validMessage, topic: 'refund-now' }, 'topic', 'Please choose a topic.'],
    [{ name: 'Amina' }, 'email', 'Please enter a valid email address.'],
  ])('refuses an invalid contact message (%#) with a 400 naming the field, storing nothing', async (payload, field, message) => {
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      field,
      message,
      messageKey: expect.stringMatching(/^validation\./),
    });
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('serves the app for deep links and a 404 status for unknown pages', async () => {
    const consolePages = [
      '/admin/orders?status=completed',
      '/admin/orders/0b7e4c1a-5f7e-4d0e-9a65-2f1d3c4b5a69',
      '/admin/customers/u-1',
      '/admin/audit',
    ];
    for (const url of [
      '/',
      '/top-up',
      '/about',
      '/contact',
      '/terms',
      '/auth?returnTo=%2Ftop-up',
      '/payment-complete',
      '/profile',
      '/admin',
      ...consolePages,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and sends security headers', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const missingApi = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missingApi.headers['x-content-type-options']).toBe('nosniff');
  });

  it('limits contact messages to 5 per 10 minutes per address', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ method: 'POST', url: '/api/contact', payload: validMessage, remoteAddress: '203.0.113.9' })).statusCode).toBe(201);
    }
    const limited = await app.inject({ method: 'POST', url: '/api/contact', payload: validMessage, remoteAddress: '203.0.113.9' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      messageKey: 'apiErrors.tooManyContactMessages',
      message: 'Too many messages were sent. Please wait 10 minutes and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
  });
});
