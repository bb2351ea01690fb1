import { type ComponentType } from 'react';
import { type PdfViewerProps } from './types';

export type Viewer = ComponentType<PdfViewerProps>;

let loading: Promise<Viewer> | null = null;
let loaded: Viewer | null = null;

/**
 * The viewer's chunk (pdf.js is most of the app's weight), fetched once: by the entry script as soon as a
 * signing link is opened, or by the first page that shows a document. A failed fetch is not kept, so a later
 * call tries again.
 */
export function loadViewer(): Promise<Viewer> {
  loading ??= import('./PdfViewer').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The viewer, if its chunk has already arrived: then it renders at once, with no loading step between. */
export function loadedViewer(): Viewer | null {
  return loaded;
}
