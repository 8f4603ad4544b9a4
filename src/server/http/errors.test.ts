import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorKind, type DomainErrorOptions } from '../domain-error';
import { handleError, passedOnRefusal, STATUS_BY_DOMAIN_ERROR_KIND } from './errors';

/** The status each kind of domain refusal is answered with (README, "API errors"). */
const EXPECTED_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
};

describe('a domain refusal, answered by the error handler', () => {
  let app: FastifyInstance;
  /** The refusal the one route throws: each test sets it before its request. */
  let refusal: DomainError;
  const answer = async (error: DomainError) => {
    refusal = error;
    return app.inject({ method: 'GET', url: '/refuse' });
  };

  beforeAll(async () => {
    app = Fastify();
    app.setErrorHandler(handleError);
    app.get('/refuse', async () => {
      throw refusal;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('maps every kind, and only those, to its status', () => {
    expect(STATUS_BY_DOMAIN_ERROR_KIND).toEqual(EXPECTED_STATUS);
  });

  it.each(Object.entries(EXPECTED_STATUS) as Array<[DomainErrorKind, number]>)('answers %s with %i', async (kind, status) => {
    const response = await answer(new DomainError(kind, 'SOME_CODE', { key: 'apiErrors.internal' }));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again later.',
      code: 'SOME_CODE',
      messageKey: 'apiErrors.internal',
    });
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('carries the English text with its values filled, the key and values, the field and the details', async () => {
    const options: DomainErrorOptions = { field: 'amount', details: { status: 'paid' } };
    const params = { operator: 'MTN Nigeria', min: '$1.00' };
    const response = await answer(new DomainError('invalid', 'INVALID_AMOUNT', { key: 'apiErrors.amountTooLow', params }, options));
    expect(response.json()).toEqual({
      success: false,
      message: 'MTN Nigeria top-ups must be at least $1.00.',
      code: 'INVALID_AMOUNT',
      field: 'amount',
      messageKey: 'apiErrors.amountTooLow',
      messageParams: params,
      details: { status: 'paid' },
    });
  });

  it.each([
    [900, '900'],
    [2.1, '3'],
    [0, '1'],
  ])('says when to try again: %s seconds left is Retry-After %s', async (retryAfterSeconds, header) => {
    const response = await answer(new DomainError('rate_limited', 'RATE_LIMITED', { key: 'apiErrors.rateLimited' }, { retryAfterSeconds }));
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe(header);
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'apiErrors.rateLimited' });
  });

  it('leaves the code out of a refusal that has none (a request without a session)', async () => {
    const response = await answer(new DomainError('unauthenticated', undefined, { key: 'apiErrors.signInRequired' }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please login to continue', messageKey: 'apiErrors.signInRequired' });
  });

  it('answers words without a key as they are, with no key unless its code is one the product translates', async () => {
    const response = await answer(new DomainError('invalid', 'VALIDATION_FAILED', { text: 'operatorId must be digits' }, { field: 'operatorId' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'operatorId must be digits', code: 'VALIDATION_FAILED', field: 'operatorId' });
  });

  it.each([
    [404, 404],
    [400, 400],
    [409, 409],
    [413, 413],
    [429, 429],
    [422, 400],
  ])("passes a provider's %i on with %i, in its own words", async (status, answered) => {
    const response = await answer(passedOnRefusal(status, 'resource_missing', 'No such payment_intent'));
    expect(response.statusCode).toBe(answered);
    expect(response.json()).toEqual({ success: false, message: 'No such payment_intent', code: 'resource_missing' });
  });
});
