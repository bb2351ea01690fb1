/** What search needs of a pdf.js text item: its string, and where it is printed when known. */
export interface TextItemLike {
  str: string;
  hasEOL?: boolean;
  transform?: number[];
  /** Along the baseline, in page units. */
  width?: number;
  fontName?: string;
  ascent?: number;
  descent?: number;
}

/** Part of a match that falls in one text item, as [start, end) offsets in its string. */
export interface MatchSegment {
  itemIndex: number;
  start: number;
  end: number;
}

export interface SearchMatch {
  /** 1-based page. */
  page: number;
  segments: MatchSegment[];
}

/** Search needs at least 2 characters. */
export const SEARCH_MIN_LENGTH = 2;

const MARKS = /\p{M}/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc]/;

/** Case, accent and apostrophe folding that keeps one character for each, so offsets still point into the text. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const char of text.split('')) {
    if (/\s/.test(char)) {
      folded += ' ';
    } else if (APOSTROPHES.test(char)) {
      folded += "'";
    } else {
      const base = char.normalize('NFD').replace(MARKS, '').toLowerCase();
      const lower = char.toLowerCase();
      folded += base.length === 1 ? base : lower.length === 1 ? lower : char;
    }
  }
  return folded;
}

interface PageText {
  text: string;
  /** For each character of `text`, the item it came from (-1 for a line break) and its offset there. */
  owners: Int32Array;
  offsets: Int32Array;
}

function pageText(items: readonly TextItemLike[]): PageText {
  const parts: string[] = [];
  const owners: number[] = [];
  const offsets: number[] = [];
  items.forEach((item, itemIndex) => {
    for (let offset = 0; offset < item.str.length; offset += 1) {
      owners.push(itemIndex);
      offsets.push(offset);
    }
    parts.push(item.str);
    if (item.hasEOL) {
      parts.push(' ');
      owners.push(-1);
      offsets.push(0);
    }
  });
  return { text: parts.join(''), owners: Int32Array.from(owners), offsets: Int32Array.from(offsets) };
}

function segmentsOf(page: PageText, start: number, end: number): MatchSegment[] {
  const segments: MatchSegment[] = [];
  for (let index = start; index < end; index += 1) {
    const itemIndex = page.owners[index] ?? -1;
    if (itemIndex < 0) continue;
    const offset = page.offsets[index] ?? 0;
    const last = segments[segments.length - 1];
    if (last && last.itemIndex === itemIndex && last.end === offset) {
      last.end = offset + 1;
    } else {
      segments.push({ itemIndex, start: offset, end: offset + 1 });
    }
  }
  return segments;
}

/** The query as a pattern: literal characters, any run of spaces matching any run (items and lines join loosely). */
function queryPattern(query: string): RegExp | null {
  const needle = foldForSearch(query).trim();
  if (needle.replace(/ /g, '').length < SEARCH_MIN_LENGTH) return null;
  const words = needle.split(/ +/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(words.join(' +'), 'g');
}

/** Every occurrence of the query, page by page, in reading order; none for a query under 2 characters. */
export function findMatches(pages: readonly (readonly TextItemLike[])[], query: string): SearchMatch[] {
  const pattern = queryPattern(query);
  if (!pattern) return [];
  const matches: SearchMatch[] = [];
  pages.forEach((items, pageIndex) => {
    const page = pageText(items);
    for (const found of foldForSearch(page.text).matchAll(pattern)) {
      const start = found.index;
      matches.push({ page: pageIndex + 1, segments: segmentsOf(page, start, start + found[0].length) });
    }
  });
  return matches;
}

/** Per page, each match's segments and whether it is the current one. */
export function highlightsByPage(
  matches: readonly SearchMatch[],
  currentIndex: number,
): Map<number, { segments: MatchSegment[]; current: boolean }[]> {
  const byPage = new Map<number, { segments: MatchSegment[]; current: boolean }[]>();
  matches.forEach((match, matchIndex) => {
    const list = byPage.get(match.page) ?? [];
    list.push({ segments: match.segments, current: matchIndex === currentIndex });
    byPage.set(match.page, list);
  });
  return byPage;
}
