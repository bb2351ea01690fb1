import { useEffect, useRef } from 'react';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { ToolButton } from './ToolButton';
import { type DocumentSearch } from './useDocumentSearch';

function resultText(
  search: DocumentSearch,
  texts: ReturnType<typeof useI18n>['messages']['viewer']['search'],
) {
  if (search.query.trim().length === 0) return '';
  if (search.tooShort) return texts.tooShort;
  if (search.searching) return texts.searching;
  if (search.matches.length === 0) return texts.none;
  return interpolate(texts.result, { current: search.current + 1, total: search.matches.length });
}

/** Find text in the document: Enter goes to the next match, Shift+Enter to the previous, Escape closes. */
export function SearchBar({ search, onClose }: { search: DocumentSearch; onClose: () => void }) {
  const { messages } = useI18n();
  const texts = messages.viewer.search;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const noMatch = search.matches.length === 0;
  return (
    <div className="viewer__search" role="search">
      <input
        ref={input}
        type="search"
        className="viewer__search-input"
        aria-label={texts.field}
        aria-describedby="viewer-search-result"
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (event.shiftKey) search.previous();
            else search.next();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
      />
      <ToolButton icon="up" label={texts.previous} disabled={noMatch} onClick={search.previous} />
      <ToolButton icon="down" label={texts.next} disabled={noMatch} onClick={search.next} />
      <span id="viewer-search-result" className="viewer__search-result" role="status" aria-live="polite">
        {resultText(search, texts)}
      </span>
      <ToolButton icon="close" label={texts.close} onClick={onClose} />
    </div>
  );
}
