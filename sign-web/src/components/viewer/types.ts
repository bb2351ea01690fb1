/** What the viewer rendered: the hash of its bytes, its page count, and when its first page was painted. */
export interface DocumentDisplay {
  documentSha256: string;
  pageCount: number;
  renderedAt: string;
}

/**
 * Where the viewer is: still loading, the first page painted (displayed), or unable to show the document
 * (its bytes could not be fetched, parsed, or its first page drawn).
 */
export type ViewerStatus =
  { kind: 'loading' } | { kind: 'displayed'; display: DocumentDisplay } | { kind: 'failed' };

export interface PdfViewerProps {
  /** The signing link's address of the PDF. */
  documentUrl: string;
  /** The name to save the file under. */
  documentName: string;
  /** A fresh address when the one in hand is refused, or null. */
  freshDocumentUrl: () => Promise<string | null>;
  /** Told each time the viewer's status changes. */
  onStatus?: (status: ViewerStatus) => void;
}

export interface ViewerCommands {
  toggleSearch: () => void;
  toggleFullscreen: () => void;
  download: () => void;
  print: () => void;
  showProperties: () => void;
}

/** A page's size at 100 % in CSS pixels, before any rotation, its own rotation and its view box (points). */
export interface PageGeometry {
  width: number;
  height: number;
  rotate: number;
  view: number[];
}
