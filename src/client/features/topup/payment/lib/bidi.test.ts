import { describe, expect, it } from 'vitest';
import { keepLeftToRight } from './bidi';

describe('left-to-right runs in translated sentences', () => {
  it('isolates the run in Arabic', () => {
    expect(keepLeftToRight('$10.63', 'ar')).toBe('\u2066$10.63\u2069');
  });

  it('leaves left-to-right languages alone', () => {
    expect(keepLeftToRight('$10.63', 'fr')).toBe('$10.63');
  });
});
