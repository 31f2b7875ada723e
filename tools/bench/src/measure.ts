import { performance } from 'node:perf_hooks';

/** One operation of a worker; `index` is unique across all workers of a run. */
export type Operation = (index: number) => Promise<void>;

/**
 * Runs `total` operations on `workers` concurrent loops. Each loop gets its own operation,
 * so a worker can keep private state (e.g. the streams it owns) without locking.
 */
export const runWorkers = async (total: number, workers: number, createWorker: (worker: number) => Operation): Promise<void> => {
  let next = 0;
  const loop = async (operation: Operation): Promise<void> => {
    while (next < total) await operation(next++);
  };
  await Promise.all(Array.from({ length: workers }, (_, worker) => loop(createWorker(worker))));
};

/** Operations per second of `work`, which is expected to perform `count` operations. */
export const ratePerSecond = async (count: number, work: () => Promise<void>): Promise<number> => {
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  return count / seconds;
};

export interface Summary {
  median: number;
  min: number;
  max: number;
  /** (max - min) / median, in percent. */
  spreadPercent: number;
  runs: number[];
}

export const median = (values: number[]): number => {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const summarise = (runs: number[]): Summary => {
  const mid = median(runs);
  const min = Math.min(...runs);
  const max = Math.max(...runs);
  return { median: mid, min, max, spreadPercent: mid === 0 ? 0 : ((max - min) / mid) * 100, runs };
};

/** The nearest-rank percentile (0 < p ≤ 100) of `values`. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) throw new Error('percentile of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
