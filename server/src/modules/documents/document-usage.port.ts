import { type EntityManager } from 'typeorm';

/**
 * What the documents module asks about the requests that use a document. The signatures module owns those
 * rows and answers; the documents module never reads them itself.
 */
export interface DocumentUsage {
  /** A request sent, being sealed or sealed names this document: it is evidence and must not change (T23). */
  isHeld(documentId: string): Promise<boolean>;
  /** Which of these documents any request names, read in the caller's transaction. */
  referenced(manager: EntityManager, documentIds: string[]): Promise<Set<string>>;
}

export const DOCUMENT_USAGE = Symbol('DOCUMENT_USAGE');
