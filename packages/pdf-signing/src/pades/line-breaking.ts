/**
 * Breaks words into lines no wider than `width`, greedily: in order, each line as full as it can be, words
 * joined by single spaces. A line's width is its words' widths and the spaces between them (shaping does not
 * join across a space), so each word is measured once, not each candidate line. A word wider than a whole
 * line is cut between characters (code points, never half a surrogate pair) when `cutWords`, else the words
 * do not fit and the answer is null. `measure` gives a text's width in the unit of `width`.
 *
 * The one line breaker of the product: signature blocks, evidence pages, generated documents, statements.
 */
export function breakLines(
  words: string[],
  measure: (text: string) => number,
  width: number,
  cutWords: boolean,
): string[] | null {
  const space = measure(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of words) {
    const wordWidth = measure(word);
    const candidate = line ? lineWidth + space + wordWidth : wordWidth;
    if (candidate <= width) {
      line = line ? `${line} ${word}` : word;
      lineWidth = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (wordWidth <= width) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    if (!cutWords) return null;
    const pieces = cutWord(word, measure, width);
    line = pieces.pop() ?? '';
    lineWidth = measure(line);
    lines.push(...pieces);
  }
  lines.push(line);
  return lines;
}

function cutWord(word: string, measure: (text: string) => number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  for (const character of word) {
    const characterWidth = measure(character);
    if (piece && pieceWidth + characterWidth > width) {
      pieces.push(piece);
      piece = character;
      pieceWidth = characterWidth;
    } else {
      piece += character;
      pieceWidth += characterWidth;
    }
  }
  pieces.push(piece);
  return pieces;
}
