import { type Locale, hasStoredLocale, storedLocale } from '@esign/shared';
import { loadViewer } from './components/viewer/loadViewer';
import { earlySuggestedLanguage, startEarlyLoads } from './earlyLoads';
import { formatDateTime } from './i18n/format';
import { takeQualifiedReturn } from './signing/qualifiedReturn';

// Back from a qualified provider, the link's key is put back in the address first: the loads below need it.
takeQualifiedReturn(import.meta.env.BASE_URL);

// A page's first date format loads the browser's locale and time-zone data and builds the format (tens of
// milliseconds on the main thread): the one the signing page shows (its deadline) is made here, while the
// entry waits for the app's code, and kept for the page, rather than made while the page is drawn.
const warmDates = (locale: Locale) => {
  const run = () => void formatDateTime(new Date(0).toISOString(), locale);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 500 });
  else setTimeout(run, 0);
};

// The entry is kept small: what the signing page waits for (its data, the document, the viewer and pdf.js's
// worker) starts here, while the app's own code loads alongside instead of before.
if (startEarlyLoads(window.location, import.meta.env.BASE_URL)) {
  // The viewer's chunk: the same load the signing page waits for, so it is fetched once. It hands the
  // document to pdf.js's worker as soon as both have arrived, whatever the app is drawing meanwhile.
  loadViewer().catch(() => {
    // The page's own load reports the failure where the document would be.
  });
  warmDates(storedLocale());
  // The page will be written in the signatory's language unless this browser holds a choice: its messages
  // (French comes with the app) load as soon as the signing data says which, not once the page asks.
  if (!hasStoredLocale()) {
    void earlySuggestedLanguage()
      ?.then(async (language) => {
        if (!language || language === storedLocale()) return;
        warmDates(language);
        if (language !== 'fr') await (await import('./i18n')).loadCatalog(language);
      })
      .catch(() => {
        // The page asks again when it needs them.
      });
  }
}
void import('./bootstrap');
