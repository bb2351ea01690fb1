import { storedLocale } from '@esign/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadCatalog } from './i18n';
import './styles.css';
import './page.css';
import './signing.css';
import './verify.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element');
}

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A language the person chose earlier is drawn from the first frame: its messages load first (French, the
// default, is already here). Should they fail to load, the page opens in French, its language picker working.
loadCatalog(storedLocale()).then(render, render);
