import { useState } from 'react';
import { I18nProvider } from './i18n/I18nProvider';
import { SigningPage } from './pages/SigningPage';
import { parseSigningLink } from './signingLink';

export function App() {
  // The address is read once: the app never navigates, so it cannot change under us.
  const [link] = useState(() => parseSigningLink(window.location, import.meta.env.BASE_URL));
  return (
    <I18nProvider>
      <SigningPage link={link} />
    </I18nProvider>
  );
}
