// Summaries of repeated measurements, shared by the benchmark scripts.

export type Summary = { median: number; p95: number; max: number; runs: number };

/** The middle value (the mean of the two middle ones for an even count); 0 for no values. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The nearest-rank percentile: the smallest value with at least p% of the values at or below it. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1] ?? 0;
}

/** Median, 95th percentile (nearest rank: the maximum below 20 runs) and maximum of the runs. */
export function summarize(values: number[]): { median: number; p95: number; max: number; runs: number } {
  return {
    median: median(values),
    p95: percentile(values, 95),
    max: values.length === 0 ? 0 : Math.max(...values),
    runs: values.length,
  };
}
