import { describe, expect, it } from 'vitest';
import { canonicalAddress } from './client-address';

describe('one spelling per client address', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.000.113.007', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8::0001', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::1', '::1'],
    [' 198.51.100.4 ', '198.51.100.4'],
  ])('%s is counted as %s', (spelling, canonical) => {
    expect(canonicalAddress(spelling)).toBe(canonical);
  });

  it('keeps what is not an address as it came, in lower case', () => {
    expect(canonicalAddress('Unknown')).toBe('unknown');
    expect(canonicalAddress('300.1.1.1')).toBe('300.1.1.1');
  });

  it('keeps distinct addresses distinct', () => {
    expect(canonicalAddress('2001:db8::1')).not.toBe(canonicalAddress('2001:db8::2'));
    expect(canonicalAddress('::ffff:203.0.113.7')).not.toBe(canonicalAddress('203.0.113.8'));
  });
});
