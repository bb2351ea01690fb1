import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startEarlyLoads } from './earlyLoads';
import './styles.css';
import './page.css';
import './signing.css';
import './verify.css';

// Before the first render: the signing data, the document, the viewer and pdf.js's worker load together.
startEarlyLoads(window.location, import.meta.env.BASE_URL);

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element');
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
