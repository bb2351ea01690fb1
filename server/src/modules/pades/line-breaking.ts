/**
 * Breaks a paragraph into lines no wider than `width`, greedily: words in order, each line as full as it
 * can be, words separated by single spaces as written. A word wider than a whole line is cut between
 * characters (code points, never half a surrogate pair) when `cutWords`, else the paragraph does not fit
 * and the answer is null. `measure` gives a text's width in the unit of `width`.
 *
 * The one line breaker of the product: signature blocks, generated documents and statements.
 */
export function breakLines(
  paragraph: string,
  measure: (text: string) => number,
  width: number,
  cutWords: boolean,
): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (measure(word) <= width) {
      line = word;
      continue;
    }
    if (!cutWords) return null;
    const parts = cutWord(word, measure, width);
    line = parts.pop() ?? '';
    lines.push(...parts);
  }
  lines.push(line);
  return lines;
}

function cutWord(word: string, measure: (text: string) => number, width: number): string[] {
  const parts: string[] = [];
  let part = '';
  for (const character of word) {
    if (part && measure(part + character) > width) {
      parts.push(part);
      part = '';
    }
    part += character;
  }
  parts.push(part);
  return parts;
}
