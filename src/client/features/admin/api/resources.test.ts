import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { fetchAttentionCount } from './attention';
import { fetchAuditLog } from './audit';
import { fetchCustomer, runCustomerAction } from './customers';
import { fetchOrder, fetchOrders, runOrderAction } from './orders';
import { queryString } from './request';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Answers every call with `status` and `body`, and records what was asked. */
function answerWith(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the console’s query strings', () => {
  it('hold only what is set; lists are comma-separated', () => {
    expect(queryString({ q: 'a b', status: ['completed', 'canceled'], operator: 341, from: undefined, country: '', cursor: undefined })).toBe(
      '?q=a+b&status=completed%2Ccanceled&operator=341',
    );
    expect(queryString({ status: [], q: undefined })).toBe('');
  });
});

describe('reading', () => {
  it('the orders, filtered and from a cursor', async () => {
    const calls = answerWith(200, { success: true, orders: [], nextCursor: null });
    await fetchOrders({ status: ['capture_failed'], q: '+2348031234567', cursor: 'abc' });
    expect(calls).toEqual([{ url: '/api/admin/orders?status=capture_failed&q=%2B2348031234567&cursor=abc', method: 'GET', body: undefined }]);
  });

  it('one order, its id kept whole in the path', async () => {
    const calls = answerWith(200, { success: true, order: {}, events: [] });
    await fetchOrder('a/b?c');
    expect(calls[0]!.url).toBe('/api/admin/orders/a%2Fb%3Fc');
  });

  it('the attention count for the navigation', async () => {
    answerWith(200, { success: true, count: 4 });
    await expect(fetchAttentionCount()).resolves.toBe(4);
  });

  it('a customer and the audit log', async () => {
    const calls = answerWith(200, { success: true });
    await fetchCustomer('user-1');
    await fetchAuditLog({ action: 'order.refund', targetId: 'o-1' });
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/customers/user-1', '/api/admin/audit-log?action=order.refund&targetId=o-1']);
  });

  it('a refusal of access keeps its status and code, for the console to explain', async () => {
    answerWith(403, { success: false, message: 'Two-factor authentication is required for admin access', code: 'TWO_FACTOR_REQUIRED' });
    const error = await fetchOrders({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 403, code: 'TWO_FACTOR_REQUIRED' });
  });
});

describe('actions', () => {
  it('send the trimmed reason to the action’s route', async () => {
    const calls = answerWith(200, { success: true, order: { id: 'o-1' } });
    await runOrderAction('o-1', 'refund', '  customer asked  ');
    expect(calls).toEqual([{ url: '/api/admin/orders/o-1/refund', method: 'POST', body: { reason: 'customer asked' } }]);
  });

  it('a refused action on an order tells its status now', async () => {
    answerWith(409, {
      success: false,
      message: 'The order is no longer completed.',
      code: 'ORDER_ACTION_NOT_ALLOWED',
      details: { status: 'refunded' },
    });
    const error = await runOrderAction('o-1', 'refund', 'asked').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, serverMessage: 'The order is no longer completed.', details: { status: 'refunded' } });
  });

  it('never send a reason the server would refuse', async () => {
    const calls = answerWith(200, { success: true });
    await expect(runOrderAction('o-1', 'check', '   ')).rejects.toThrow('reason required');
    await expect(runCustomerAction('u-1', 'block', 'x'.repeat(501))).rejects.toThrow('reason tooLong');
    expect(calls).toEqual([]);
  });

  it('giving admin rights is the customer’s admin call with isAdmin', async () => {
    const calls = answerWith(200, { success: true, customer: {} });
    await runCustomerAction('u-1', 'grant-admin', 'joins support');
    await runCustomerAction('u-1', 'end-sessions', 'lost phone');
    expect(calls).toEqual([
      { url: '/api/admin/customers/u-1/admin', method: 'POST', body: { reason: 'joins support', isAdmin: true } },
      { url: '/api/admin/customers/u-1/end-sessions', method: 'POST', body: { reason: 'lost phone' } },
    ]);
  });
});
