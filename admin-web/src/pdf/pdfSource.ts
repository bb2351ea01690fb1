/** What a preview shows: the bytes in hand (an upload, a generated template) or a stored document's address. */
export type PdfSource = { kind: 'blob'; blob: Blob } | { kind: 'url'; url: string };
