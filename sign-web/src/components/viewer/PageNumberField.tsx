import { useEffect, useState } from 'react';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';

/** "Page n of N": type a number and press Enter (or leave the field) to go there. */
export function PageNumberField({
  page,
  pageCount,
  onNavigate,
}: {
  page: number;
  pageCount: number;
  onNavigate: (page: number) => void;
}) {
  const { messages } = useI18n();
  const [text, setText] = useState(String(page));
  useEffect(() => setText(String(page)), [page]);
  const commit = () => {
    const value = Number.parseInt(text, 10);
    if (Number.isFinite(value) && value !== page) onNavigate(value);
    else setText(String(page));
  };
  return (
    <span className="page-number">
      <input
        className="page-number__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={messages.viewer.pageInput}
        value={text}
        size={Math.max(2, String(pageCount).length)}
        onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
        onFocus={(event) => event.target.select()}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <span className="page-number__total">{interpolate(messages.viewer.ofTotal, { total: pageCount })}</span>
    </span>
  );
}
