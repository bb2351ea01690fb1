import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { loadInitialLanguage } from './providers/i18nProvider';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element');
}

// react-admin falls back to a hash router; the product's addresses (/auth/login, /dashboard) are real paths.
// A data router, because react-admin's unsaved-changes guard needs one.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

// The first page's language comes first: the provider translates synchronously.
void loadInitialLanguage().then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
