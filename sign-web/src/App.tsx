import { useState } from 'react';
import { ToastProvider } from './components/toasts/ToastProvider';
import { I18nProvider } from './i18n/I18nProvider';
import { SigningPage } from './pages/SigningPage';
import { TermsPage } from './pages/TermsPage';
import { VerifyPage } from './pages/VerifyPage';
import { takeQualifiedReturn } from './signing/qualifiedReturn';
import { parseRoute, parseSigningLink } from './signingLink';

function Route() {
  // The address is read once: the app never navigates, so it cannot change under us.
  const [route] = useState(() => parseRoute(window.location.pathname, import.meta.env.BASE_URL));
  const [link] = useState(() => parseSigningLink(window.location, import.meta.env.BASE_URL));
  const [qualified] = useState(() => takeQualifiedReturn(import.meta.env.BASE_URL));
  switch (route) {
    case 'verify':
      return <VerifyPage />;
    case 'terms':
      return <TermsPage />;
    case 'sign':
      return <SigningPage link={link} qualifiedOutcome={qualified?.outcome ?? null} />;
  }
}

export function App() {
  return (
    <I18nProvider>
      <ToastProvider>
        <Route />
      </ToastProvider>
    </I18nProvider>
  );
}
