import { Fragment, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { LanguagePicker } from './LanguagePicker';

/** Header with the language picker, and the page's single main landmark. */
export function PageFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { messages } = useI18n();
  return (
    <>
      <header className="page-header">
        <span className="brand">
          {/* Wrapped between words only: never « e- » on one line and « Signature » on the next. */}
          {messages.app.name.split(' ').map((word, index) => (
            <Fragment key={index}>
              {index > 0 && ' '}
              <span className="brand__word">{word}</span>
            </Fragment>
          ))}
        </span>
        <LanguagePicker />
      </header>
      <main className={wide ? 'page-main page-main--wide' : 'page-main'}>{children}</main>
    </>
  );
}
