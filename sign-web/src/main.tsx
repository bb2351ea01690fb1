import { startEarlyLoads } from './earlyLoads';

// The entry is kept small: what the signing page waits for (its data, the document, the viewer and pdf.js's
// worker) starts here, while the app's own code loads alongside instead of before.
startEarlyLoads(window.location, import.meta.env.BASE_URL);
void import('./bootstrap');
