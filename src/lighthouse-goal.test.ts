import { describe, expect, it } from 'vitest';
import { goalMisses, sampleOf, summarise, type LighthouseResult, type Sample } from '../bench/lighthouse-goal';

/** A Lighthouse result as far as the benchmark reads it. */
function result(figures: { performance: number | null; tbt?: number; lcp?: number }): LighthouseResult {
  const numeric = (numericValue: number | undefined) => (numericValue === undefined ? undefined : { numericValue });
  return {
    categories: { performance: { score: figures.performance } },
    audits: {
      'first-contentful-paint': numeric(900),
      'largest-contentful-paint': numeric(figures.lcp ?? 2000),
      'total-blocking-time': numeric(figures.tbt),
      'cumulative-layout-shift': numeric(0),
      'total-byte-weight': numeric(190_000),
    },
  };
}

const sample = (performance: number, tbtMs: number, lcpMs = 2000): Sample => ({ performance, tbtMs, lcpMs, fcpMs: 900, cls: 0, bytes: 190_000 });

describe("the Lighthouse benchmark's reading of a run", () => {
  it('reads the performance score and the timings of a run', () => {
    expect(sampleOf(result({ performance: 0.98, tbt: 42, lcp: 1950 }), '/')).toEqual({
      performance: 0.98,
      fcpMs: 900,
      lcpMs: 1950,
      tbtMs: 42,
      cls: 0,
      bytes: 190_000,
    });
  });

  it('refuses a run Lighthouse could not finish or that lacks a figure, rather than reading it as 0', () => {
    expect(() => sampleOf({ ...result({ performance: 1, tbt: 0 }), runtimeError: { code: 'NO_NAVSTART', message: 'no navigation' } }, '/')).toThrow(
      /could not audit \/: no navigation/,
    );
    expect(() => sampleOf(result({ performance: 1 }), '/')).toThrow(/no total-blocking-time/);
    expect(() => sampleOf(result({ performance: null, tbt: 0 }), '/')).toThrow(/no performance score/);
  });
});

describe('the median and the worst of the runs', () => {
  it('takes the lowest score and the highest times as the worst', () => {
    const { median, worst } = summarise([sample(0.99, 20, 1900), sample(0.95, 180, 2100), sample(0.98, 60, 2000)]);
    expect(median).toMatchObject({ performance: 0.98, tbtMs: 60, lcpMs: 2000 });
    expect(worst).toMatchObject({ performance: 0.95, tbtMs: 180, lcpMs: 2100 });
  });
});

describe('the goal: performance at least 0.97 and blocking time at most 100 ms in every run', () => {
  it('is met when every run meets both, at the limits included', () => {
    expect(goalMisses([sample(0.97, 100), sample(1, 0), sample(0.99, 35)])).toEqual([]);
  });

  it('is missed by a single run below the score or above the blocking time, each named', () => {
    expect(goalMisses([sample(0.99, 20), sample(0.96, 40), sample(0.98, 101)])).toEqual([
      'run 2: performance 0.96 < 0.97',
      'run 3: total blocking time 101 ms > 100 ms',
    ]);
  });

  it('is missed when no run finished', () => {
    expect(goalMisses([])).toEqual(['no run finished']);
  });
});
