import { useCallback, useEffect, useMemo, useState } from 'react';
import { type CustomTextRenderer } from './PdfPages';
import { type PdfDocument, documentText } from './pdfDocument';
import {
  SEARCH_MIN_LENGTH,
  type SearchMatch,
  type TextItemLike,
  escapeHtml,
  findMatches,
  highlightItem,
  highlightsByPage,
} from './textSearch';

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
  /** Marks the matches in the text layer; undefined when there is nothing to mark. */
  textRenderer: CustomTextRenderer | undefined;
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

  const textRenderer = useMemo<CustomTextRenderer | undefined>(() => {
    if (matches.length === 0) return undefined;
    const highlights = highlightsByPage(matches, current);
    return ({ pageNumber, itemIndex, str }) => {
      const marks = highlights.get(pageNumber)?.get(itemIndex);
      return marks ? highlightItem(str, marks) : escapeHtml(str);
    };
  }, [matches, current]);

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
    textRenderer,
  };
}
