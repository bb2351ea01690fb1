import { type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { LanguagePicker } from './LanguagePicker';

/** Header with the language picker, and the page's single main landmark. */
export function PageFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { messages } = useI18n();
  return (
    <>
      <header className="page-header">
        <span className="brand">{messages.app.name}</span>
        <LanguagePicker />
      </header>
      <main className={wide ? 'page-main page-main--wide' : 'page-main'}>{children}</main>
    </>
  );
}
