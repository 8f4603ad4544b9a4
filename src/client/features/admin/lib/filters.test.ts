import { describe, expect, it } from 'vitest';
import { auditFiltersFromParams, auditFiltersToParams, auditFiltersToQuery, NO_AUDIT_FILTERS } from './audit-filters';
import { activeOrderFilterCount, NO_ORDER_FILTERS, orderFiltersFromParams, orderFiltersToParams, orderFiltersToQuery } from './order-filters';
import { dayEnd, dayStart, isDay } from './search-params';

const orders = (query: string) => orderFiltersFromParams(new URLSearchParams(query));

describe('the orders’ filters in the URL', () => {
  it('read every filter and the search box', () => {
    expect(orders('q=%2B234%20803&status=completed,capture_failed&from=2026-11-01&to=2026-11-22&country=ng&operator=341&provider=sandbox')).toEqual({
      q: '+234 803',
      status: ['completed', 'capture_failed'],
      from: '2026-11-01',
      to: '2026-11-22',
      country: 'NG',
      operator: '341',
      provider: 'sandbox',
    });
  });

  it('nothing set is no filter', () => {
    expect(orders('')).toEqual(NO_ORDER_FILTERS);
  });

  it('several statuses may also come as the key repeated; they keep the statuses’ order and appear once', () => {
    expect(orders('status=canceled&status=created,canceled').status).toEqual(['created', 'canceled']);
  });

  it('leave out what a hand-edited URL gets wrong', () => {
    expect(orders('status=paid,completed&from=2026-02-30&to=yesterday&country=NGA&operator=0&provider=paypal')).toEqual({
      ...NO_ORDER_FILTERS,
      status: ['completed'],
    });
    expect(orders('operator=12abc').operator).toBe('');
    expect(orders('operator=2147483647').operator).toBe('2147483647');
    expect(orders('operator=2147483648').operator).toBe('');
  });

  it('round-trip through the URL, writing only what is set', () => {
    const filters = { ...NO_ORDER_FILTERS, q: 'a@example.com', status: ['delivered' as const, 'completed' as const], country: 'CU' };
    const params = orderFiltersToParams(filters);
    expect(params.toString()).toBe('q=a%40example.com&status=delivered%2Ccompleted&country=CU');
    expect(orderFiltersFromParams(params)).toEqual(filters);
    expect(orderFiltersToParams(NO_ORDER_FILTERS).toString()).toBe('');
  });

  it('go to the server as its query: days become the instants of the admin’s day, the operator a number', () => {
    const query = orderFiltersToQuery(orders('q=%20x%20&status=completed&from=2026-11-01&to=2026-11-22&operator=341'));
    expect(query).toEqual({
      q: 'x',
      status: ['completed'],
      from: dayStart('2026-11-01'),
      to: dayEnd('2026-11-22'),
      country: undefined,
      operator: 341,
      provider: undefined,
    });
    expect(orderFiltersToQuery(NO_ORDER_FILTERS)).toEqual({
      q: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
      country: undefined,
      operator: undefined,
      provider: undefined,
    });
  });

  it('count the filters beside the search box', () => {
    expect(activeOrderFilterCount(NO_ORDER_FILTERS)).toBe(0);
    expect(activeOrderFilterCount({ ...NO_ORDER_FILTERS, q: 'x' })).toBe(0);
    expect(activeOrderFilterCount(orders('status=completed,created&country=NG&to=2026-11-22'))).toBe(3);
  });
});

describe('days', () => {
  it('are real calendar days', () => {
    expect(isDay('2026-11-22')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('22/11/2026')).toBe(false);
  });

  it('cover the whole day in the admin’s time zone, its first to its last millisecond', () => {
    const start = new Date(dayStart('2026-11-22'));
    const end = new Date(dayEnd('2026-11-22'));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([2026, 10, 22, 0, 0]);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      2026, 10, 22, 23, 59, 59, 999,
    ]);
    expect(new Date(end.getTime() + 1).getDate()).toBe(23);
  });
});

describe('the audit log’s filters in the URL', () => {
  const audit = (query: string) => auditFiltersFromParams(new URLSearchParams(query));

  it('read every filter, leaving out unknown actions and targets', () => {
    expect(audit('actor=ops%40example.com&action=order.refund&targetType=order&targetId=o-1&from=2026-11-01&to=2026-11-02')).toEqual({
      actor: 'ops@example.com',
      action: 'order.refund',
      targetType: 'order',
      targetId: 'o-1',
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(audit('action=order.delete&targetType=planet')).toEqual(NO_AUDIT_FILTERS);
  });

  it('round-trip through the URL and go to the server as its query', () => {
    const filters = { ...NO_AUDIT_FILTERS, action: 'customer.block' as const, from: '2026-11-01' };
    expect(auditFiltersToParams(filters).toString()).toBe('action=customer.block&from=2026-11-01');
    expect(auditFiltersFromParams(auditFiltersToParams(filters))).toEqual(filters);
    expect(auditFiltersToQuery(filters)).toEqual({
      actor: undefined,
      action: 'customer.block',
      targetType: undefined,
      targetId: undefined,
      from: dayStart('2026-11-01'),
      to: undefined,
    });
  });
});
