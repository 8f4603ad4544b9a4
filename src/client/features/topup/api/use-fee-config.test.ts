import { describe, expect, it } from 'vitest';
import { resolveFeeConfig } from './use-fee-config';

describe('the fee configuration', () => {
  it('comes from the live config, numbers or numeric strings', () => {
    expect(resolveFeeConfig({ airtime_fee: '0.05', standard_fee: '0.5' }, undefined)).toEqual({ airtimeFee: 0.05, standardFeeCents: 50 });
  });

  it("falls back to the server's defaults, then to the built-in ones", () => {
    expect(resolveFeeConfig(undefined, { DEFAULT_AIRTIME_FEE: 0.04, DEFAULT_STANDARD_FEE: 0.25 })).toEqual({
      airtimeFee: 0.04,
      standardFeeCents: 25,
    });
    expect(resolveFeeConfig(undefined, undefined)).toEqual({ airtimeFee: 0.03, standardFeeCents: 33 });
  });
});
