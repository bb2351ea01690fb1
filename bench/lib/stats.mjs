// @ts-check
import { performance } from 'node:perf_hooks';

/**
 * Small statistics over lists of milliseconds.
 * @param {readonly number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** @param {readonly number[]} values */
export function min(values) {
  return Math.min(...values);
}

/**
 * @param {readonly number[]} values
 * @param {number} fraction
 */
export function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** @param {number} value */
export function round(value, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * @param {number} value
 * @param {number} reference
 */
export function ratio(value, reference) {
  return round(value / reference, 2);
}

/**
 * `count` runs of `fn` (async), returning the milliseconds of each.
 * @param {number} count
 * @param {(run: number) => unknown} fn
 */
export async function timed(count, fn) {
  /** @type {number[]} */
  const times = [];
  for (let run = 0; run < count; run += 1) {
    const started = performance.now();
    await fn(run);
    times.push(performance.now() - started);
  }
  return times;
}
