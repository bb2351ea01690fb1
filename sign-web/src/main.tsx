import { loadViewer } from './components/viewer/loadViewer';
import { startEarlyLoads } from './earlyLoads';
import { takeQualifiedReturn } from './signing/qualifiedReturn';

// Back from a qualified provider, the link's key is put back in the address first: the loads below need it.
takeQualifiedReturn(import.meta.env.BASE_URL);

// The entry is kept small: what the signing page waits for (its data, the document, the viewer and pdf.js's
// worker) starts here, while the app's own code loads alongside instead of before.
if (startEarlyLoads(window.location, import.meta.env.BASE_URL)) {
  // The viewer's chunk: the same load the signing page waits for, so it is fetched once.
  loadViewer().catch(() => {
    // The page's own lazy load reports the failure where the document would be.
  });
}
void import('./bootstrap');
