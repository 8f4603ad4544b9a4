import { describe, expect, it } from 'vitest';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import { ApiRequestError } from '@/lib/api-client';
import { conflictOf, customerActionRequest, customerActionsFor, reasonProblem } from './actions';

describe('an action’s reason', () => {
  it('is required, spaces alone are not one', () => {
    expect(reasonProblem('')).toBe('required');
    expect(reasonProblem('   \n ')).toBe('required');
  });

  it('is at most 500 characters once trimmed', () => {
    expect(reasonProblem('x'.repeat(ADMIN_REASON_MAX_LENGTH))).toBeNull();
    expect(reasonProblem(`  ${'x'.repeat(ADMIN_REASON_MAX_LENGTH)}  `)).toBeNull();
    expect(reasonProblem('x'.repeat(ADMIN_REASON_MAX_LENGTH + 1))).toBe('tooLong');
  });

  it('one character is enough', () => {
    expect(reasonProblem('y')).toBeNull();
  });
});

describe('a customer’s actions', () => {
  it('offer the opposite of what the account is', () => {
    expect(customerActionsFor({ blocked: false, isAdmin: false })).toEqual(['block', 'end-sessions', 'grant-admin']);
    expect(customerActionsFor({ blocked: true, isAdmin: true })).toEqual(['unblock', 'end-sessions', 'revoke-admin']);
  });

  it('admin rights are given and removed by one call, with isAdmin', () => {
    expect(customerActionRequest('grant-admin', ' new on the team ')).toEqual({
      action: 'admin',
      body: { reason: 'new on the team', isAdmin: true },
    });
    expect(customerActionRequest('revoke-admin', 'left')).toEqual({ action: 'admin', body: { reason: 'left', isAdmin: false } });
  });

  it('the other actions are calls of their own name', () => {
    expect(customerActionRequest('block', 'fraud')).toEqual({ action: 'block', body: { reason: 'fraud' } });
    expect(customerActionRequest('unblock', 'cleared')).toEqual({ action: 'unblock', body: { reason: 'cleared' } });
    expect(customerActionRequest('end-sessions', 'lost phone')).toEqual({ action: 'end-sessions', body: { reason: 'lost phone' } });
  });
});

describe('a refused action', () => {
  it('409 is a conflict that tells the order’s status now', () => {
    const error = new ApiRequestError(409, '409: …', 'Changed', undefined, undefined, 'ORDER_STATE_CONFLICT', undefined, { status: 'completed' });
    expect(conflictOf(error)).toEqual({ status: 'completed' });
  });

  it('a 409 without a status is still a conflict', () => {
    expect(conflictOf(new ApiRequestError(409, '409: …', 'You cannot remove the last admin'))).toEqual({ status: null });
  });

  it('other refusals are not conflicts', () => {
    expect(conflictOf(new ApiRequestError(400, '400: …'))).toBeNull();
    expect(conflictOf(new Error('offline'))).toBeNull();
  });
});
