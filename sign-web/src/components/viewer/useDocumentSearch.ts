import { useCallback, useEffect, useMemo, useState } from 'react';
import { type PdfDocument, documentText } from './pdfDocument';
import {
  type MatchSegment,
  SEARCH_MIN_LENGTH,
  type SearchMatch,
  type TextItemLike,
  findMatches,
  highlightsByPage,
} from './textSearch';

export interface PageHighlights {
  /** The page's text items, with where each is printed. */
  items: readonly TextItemLike[];
  matches: { segments: MatchSegment[]; current: boolean }[];
}

export interface DocumentSearch {
  query: string;
  setQuery: (query: string) => void;
  matches: SearchMatch[];
  /** Index of the current match in `matches`. */
  current: number;
  currentMatch: SearchMatch | null;
  next: () => void;
  previous: () => void;
  searching: boolean;
  tooShort: boolean;
  /** The matches to draw on each page (1-based), with that page's text items. */
  highlights: ReadonlyMap<number, PageHighlights>;
}

/** Search in the document's text: loaded on the first search, matched as the query changes. */
export function useDocumentSearch(pdf: PdfDocument | null): DocumentSearch {
  const [query, setQueryState] = useState('');
  const [texts, setTexts] = useState<TextItemLike[][] | null>(null);
  const [current, setCurrent] = useState(0);
  const tooShort = query.trim().length < SEARCH_MIN_LENGTH;

  useEffect(() => {
    if (!pdf || texts || tooShort) return;
    let cancelled = false;
    documentText(pdf).then(
      (loaded) => {
        if (!cancelled) setTexts(loaded);
      },
      (error: unknown) => console.error('The document text could not be read', error),
    );
    return () => {
      cancelled = true;
    };
  }, [pdf, texts, tooShort]);

  const matches = useMemo(() => (texts ? findMatches(texts, query) : []), [texts, query]);
  const setQuery = useCallback((next: string) => {
    setQueryState(next);
    setCurrent(0);
  }, []);
  const next = useCallback(
    () => setCurrent((index) => (matches.length ? (index + 1) % matches.length : 0)),
    [matches],
  );
  const previous = useCallback(
    () => setCurrent((index) => (matches.length ? (index - 1 + matches.length) % matches.length : 0)),
    [matches],
  );

  const highlights = useMemo(() => {
    const byPage = new Map<number, PageHighlights>();
    for (const [page, list] of highlightsByPage(matches, current)) {
      byPage.set(page, { items: texts?.[page - 1] ?? [], matches: list });
    }
    return byPage;
  }, [matches, current, texts]);

  return {
    query,
    setQuery,
    matches,
    current,
    currentMatch: matches[current] ?? null,
    next,
    previous,
    searching: !tooShort && texts === null,
    tooShort,
    highlights,
  };
}
