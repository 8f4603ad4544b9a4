import { describe, expect, it } from 'vitest';
import { normaliseBackupCode } from './auth-api';

describe('backup codes as typed', () => {
  it.each([
    ['aB3dE-9fGh2', 'aB3dE-9fGh2'],
    ['  aB3dE-9fGh2 ', 'aB3dE-9fGh2'],
    ['aB3dE9fGh2', 'aB3dE-9fGh2'],
    ['aB3dE 9fGh2', 'aB3dE-9fGh2'],
  ])('%j is sent as %j', (typed, sent) => {
    expect(normaliseBackupCode(typed)).toBe(sent);
  });

  it('leaves anything else as typed, for the server to refuse', () => {
    expect(normaliseBackupCode('short')).toBe('short');
    expect(normaliseBackupCode('aB3dE-9fGh2x')).toBe('aB3dE-9fGh2x');
  });
});
