import { performance } from 'node:perf_hooks';

/** Small statistics over lists of milliseconds. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function min(values) {
  return Math.min(...values);
}

export function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

export function round(value, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function ratio(value, reference) {
  return round(value / reference, 2);
}

/** `count` runs of `fn` (async), returning the milliseconds of each. */
export async function timed(count, fn) {
  const times = [];
  for (let run = 0; run < count; run += 1) {
    const started = performance.now();
    await fn(run);
    times.push(performance.now() - started);
  }
  return times;
}
