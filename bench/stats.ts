/** Percentile of a list of numbers (nearest-rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export const ms = (value: number, digits = 0) => `${value.toFixed(digits)} ms`;
