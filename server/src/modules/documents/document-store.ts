import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { type PdfOutcome } from './pdf/pdf-task';

export const PDF_CONTENT_TYPE = 'application/pdf';

export function documentStorageKey(sha256: string): string {
  return `documents/${sha256}.pdf`;
}

/** Where a browser PUTs a member's PDF: a fresh key per upload address, never a stored document's. */
export function newUploadKey(): string {
  return `uploads/${randomUUID()}.pdf`;
}

export function isUploadKey(key: string): boolean {
  return /^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/.test(key);
}

/** Checked documents are stored under their SHA-256: the same bytes are stored once, and never change. */
@Injectable()
export class DocumentStore {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** Stores the file (unless those bytes are already there) and returns its key. */
  async save(outcome: PdfOutcome): Promise<string> {
    // The worker's hash names the object: recomputed here so a fault there cannot mislabel a document.
    const sha256 = createHash('sha256').update(outcome.bytes).digest('hex');
    if (sha256 !== outcome.sha256) throw new Error('The PDF worker reported a wrong hash');
    const key = documentStorageKey(sha256);
    if (!(await this.storage.exists(key))) {
      await this.storage.put(key, Buffer.from(outcome.bytes), PDF_CONTENT_TYPE);
    }
    return key;
  }
}
