// Percentiles over raw samples (milliseconds), nearest-rank, so p99 of 200 samples is a real sample.
export type Summary = { n: number; p50: number; p99: number; max: number; mean: number };

export function summarise(samples: number[]): Summary {
  if (!samples.length) return { n: 0, p50: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { n: sorted.length, p50: round(at(50)), p99: round(at(99)), max: round(sorted.at(-1)!), mean: round(mean) };
}

export function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
