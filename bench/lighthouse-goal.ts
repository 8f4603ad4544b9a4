/**
 * What bench/lighthouse.ts reads from a Lighthouse result, and the goal `/` is held to (issue 34, ADR 043): in every
 * run, performance at least 0.97 and total blocking time at most 100 ms. Kept apart from the runs so it can be tested.
 */
import { median } from './stats';

export const GOAL = { performance: 0.97, tbtMs: 100 } as const;

export interface Sample {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes transferred, headers included (Lighthouse's total-byte-weight). */
  bytes: number;
}

/** The part of a Lighthouse result (LHR) read here. */
export interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

/** One run's figures; a run Lighthouse could not finish, or one without a figure, throws rather than counting as 0. */
export function sampleOf(lhr: LighthouseResult, url: string): Sample {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined || !Number.isFinite(value)) throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return value;
  };
  const performance = lhr.categories.performance?.score;
  if (performance === null || performance === undefined) throw new Error(`Lighthouse gave no performance score for ${url}`);
  return {
    performance,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
  };
}

/** The median and the worst of every figure: the worst is the lowest score and the highest time, shift or weight. */
export function summarise(samples: Sample[]): { median: Sample; worst: Sample } {
  if (samples.length === 0) throw new Error('No runs to summarise');
  const of = (pick: (sample: Sample) => number) => samples.map(pick);
  const keys = ['performance', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'bytes'] as const;
  const medianSample = Object.fromEntries(keys.map((key) => [key, median(of((sample) => sample[key]))])) as unknown as Sample;
  const worst = Object.fromEntries(
    keys.map((key) => [key, key === 'performance' ? Math.min(...of((sample) => sample[key])) : Math.max(...of((sample) => sample[key]))]),
  ) as unknown as Sample;
  return { median: medianSample, worst };
}

/** Why the runs miss the goal, one line a missed run and figure; empty when every run meets it. */
export function goalMisses(samples: Sample[]): string[] {
  if (samples.length === 0) return ['no run finished'];
  return samples.flatMap((sample, index) => [
    ...(sample.performance < GOAL.performance ? [`run ${index + 1}: performance ${sample.performance.toFixed(2)} < ${GOAL.performance}`] : []),
    ...(sample.tbtMs > GOAL.tbtMs ? [`run ${index + 1}: total blocking time ${Math.round(sample.tbtMs)} ms > ${GOAL.tbtMs} ms`] : []),
  ]);
}
