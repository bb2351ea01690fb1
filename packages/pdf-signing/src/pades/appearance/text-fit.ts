import { breakLines } from '../line-breaking';

/** Below this size (points) a line too long for its box is wrapped at its spaces rather than shrunk further. */
export const MIN_UNWRAPPED_SIZE = 6;
/** Wrapping is tried down to this size; below it the unwrapped lines shrink as before. */
const MIN_WRAPPED_SIZE = 4;
const SIZE_STEP = 0.25;

export interface TextArea {
  width: number;
  height: number;
}

/** The size at which `widths` (in ems) fit the area, `lineSpacing` ems per line, never above `maxSize`. */
export function fittedSize(widths: number[], area: TextArea, maxSize: number, lineSpacing: number): number {
  const widest = Math.max(...widths, 0.001);
  return Math.max(1, Math.min(maxSize, area.width / widest, area.height / (widths.length * lineSpacing)));
}

/**
 * The lines to draw in the area. Lines that fit at a readable size are kept as they are; otherwise each line
 * is broken at its spaces (greedily, words whole) at the largest size from `maxSize` down at which every
 * line and the whole block fit — a 90-character name becomes two or three lines at 6–7 pt instead of one
 * at 3. When no wrapping does better, the lines are kept and shrink.
 *
 * `measure` gives a text's advance in ems.
 */
export function fitLines(
  texts: string[],
  measure: (text: string) => number,
  area: TextArea,
  maxSize: number,
  lineSpacing: number,
): string[] {
  const unwrapped = fittedSize(texts.map(measure), area, maxSize, lineSpacing);
  if (unwrapped >= MIN_UNWRAPPED_SIZE || texts.every((text) => !text.includes(' '))) return texts;
  for (let size = maxSize; size >= MIN_WRAPPED_SIZE && size > unwrapped; size -= SIZE_STEP) {
    const limit = area.width / size;
    const wrapped = texts.map((text) => breakLines(text.split(' '), measure, limit, false));
    if (wrapped.some((lines) => lines === null)) continue;
    const lines = wrapped.flat() as string[];
    if (lines.length * size * lineSpacing <= area.height) return lines;
  }
  return texts;
}
