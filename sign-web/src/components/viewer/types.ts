export interface PdfViewerProps {
  /** A short-lived address of the PDF. */
  documentUrl: string;
  /** The name to save the file under. */
  documentName: string;
  /** A fresh address when the one in hand has expired, or null. */
  freshDocumentUrl: () => Promise<string | null>;
}

export interface ViewerCommands {
  toggleSearch: () => void;
  toggleFullscreen: () => void;
  download: () => void;
  print: () => void;
  showProperties: () => void;
}

/** A page's size at 100 % in CSS pixels, before any rotation, and its own rotation. */
export interface PageGeometry {
  width: number;
  height: number;
  rotate: number;
}
