import { describe, expect, it } from 'vitest';
import { groupKey, secretOf } from './profile-api';

describe('the manual setup key', () => {
  const uri = 'otpauth://totp/GlobalTopUp:a%40example.com?secret=FVMGKMZUNNGWQWCJGN3DA52ZPJUFE33V&issuer=GlobalTopUp&digits=6&period=30';

  it('is the secret parameter of the otpauth URI', () => {
    expect(secretOf(uri)).toBe('FVMGKMZUNNGWQWCJGN3DA52ZPJUFE33V');
    expect(secretOf('not a uri')).toBe('');
  });

  it('is shown in groups of four', () => {
    expect(groupKey('FVMGKMZUNNGWQWCJGN3')).toBe('FVMG KMZU NNGW QWCJ GN3');
    expect(groupKey('ABCDEFGH')).toBe('ABCD EFGH');
  });
});
