import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type Repository } from 'typeorm';
import { DocumentEntity } from './document.entity';
import { type PdfOutcome } from './pdf/pdf-task';
import { type UploadClaim } from './upload-claims';

/** An upload address just issued: what its row records until the file is checked. */
export interface IssuedUpload {
  ownerId: string;
  uploadKey: string;
  /** The most the address accepts, counted in the owner's quota until completion. */
  reservedBytes: number;
  expiresAt: Date;
  fileName: string | null;
}

/** A template form as printed: what a generated document keeps beside its file. */
export type PrintedForm = Pick<DocumentEntity, 'templateType' | 'formData' | 'amlRisk' | 'fileName'>;

/** The checked or printed file, stored under `storageKey`. */
export interface StoredFile {
  outcome: PdfOutcome;
  storageKey: string;
}

/**
 * The one place that writes `document` rows, each method a step of a document's life: an upload issued,
 * claimed by a completion, checked (its size held, then READY) or refused and given back or spent, its
 * reservation released once its key is discarded, deleted when never completed; a template printed or
 * printed again. Writes on an upload require the completion's claim and answer whether they found it still
 * held (false: another completion took the upload over). Those taking a manager run in the caller's
 * transaction. The rest of the module reads the table itself.
 */
@Injectable()
export class DocumentRecords {
  constructor(@InjectRepository(DocumentEntity) private readonly documents: Repository<DocumentEntity>) {}

  /** An upload address was issued: the row awaits its file. Answers the document's id. */
  async addUpload(manager: EntityManager, upload: IssuedUpload): Promise<string> {
    const document = await manager.save(
      manager.create(DocumentEntity, {
        ownerId: upload.ownerId,
        source: 'CUSTOM',
        status: 'AWAITING_UPLOAD',
        uploadKey: upload.uploadKey,
        uploadReservedBytes: upload.reservedBytes,
        uploadExpiresAt: upload.expiresAt,
        fileName: upload.fileName,
        removed: [],
        repairs: [],
      }),
    );
    return document.id;
  }

  /**
   * A completion takes the upload: one never taken, or one whose holder's lease ran out. False while a live
   * completion holds it, or once a completion refused its file (the upload is spent).
   */
  async claimUpload(documentId: string, token: string, leaseSeconds: number): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, rowCount]. A taken-over upload forgets what its dead holder wrote.
    const [taken] = await this.documents.query<[{ id: string }[], number]>(
      `UPDATE document SET upload_consumed_at = now(), upload_claim = $2,
              upload_claim_expires_at = now() + make_interval(secs => $3), size_bytes = NULL
        WHERE id = $1 AND status = 'AWAITING_UPLOAD'
          AND (upload_consumed_at IS NULL OR upload_claim_expires_at < now())
        RETURNING id`,
      [documentId, token, leaseSeconds],
    );
    return taken.length === 1;
  }

  /** The completion still works on the upload: its claim lasts `leaseSeconds` from now. */
  async renewClaim(claim: UploadClaim, leaseSeconds: number): Promise<void> {
    await this.documents.query(
      `UPDATE document SET upload_claim_expires_at = now() + make_interval(secs => $3)
        WHERE id = $1 AND upload_claim = $2`,
      [claim.documentId, claim.token, leaseSeconds],
    );
  }

  /**
   * The checked file's size is put on the row, in the caller's quota transaction: from now on the row counts
   * it rather than its reservation.
   */
  async reserveSize(manager: EntityManager, claim: UploadClaim, sizeBytes: number): Promise<boolean> {
    const [held] = await manager.query<[{ id: string }[], number]>(
      `UPDATE document SET size_bytes = $2 WHERE id = $1 AND status = 'AWAITING_UPLOAD' AND upload_claim = $3
         RETURNING id`,
      [claim.documentId, sizeBytes, claim.token],
    );
    return held.length > 0;
  }

  /** Checked and stored: the document is READY and its own size counts from now on. */
  async markReady(manager: EntityManager, claim: UploadClaim, file: StoredFile): Promise<boolean> {
    const { outcome, storageKey } = file;
    const { affected } = await manager.update(
      DocumentEntity,
      { id: claim.documentId, status: 'AWAITING_UPLOAD', uploadClaim: claim.token },
      {
        status: 'READY',
        uploadKey: null,
        uploadClaim: null,
        uploadClaimExpiresAt: null,
        // Completed: the document's own size counts from now on.
        uploadReservedBytes: null,
        sha256: outcome.sha256,
        storageKey,
        sizeBytes: outcome.bytes.byteLength,
        pageCount: outcome.pageCount,
        pages: outcome.pages,
        removed: outcome.removed,
        repairs: outcome.repairs,
      },
    );
    return affected !== 0;
  }

  /**
   * A completion failed: its claim ends. `spent` (its file was refused): the upload stays taken for good, by
   * no one (a spent claim has no expiry). Otherwise it is given back for another call.
   */
  async releaseFailedCompletion(
    manager: EntityManager,
    claim: UploadClaim,
    { spent }: { spent: boolean },
  ): Promise<boolean> {
    const giveBack = spent ? '' : 'upload_consumed_at = NULL,';
    const [released] = await manager.query<[{ id: string }[], number]>(
      `UPDATE document SET ${giveBack} size_bytes = NULL, upload_claim = NULL, upload_claim_expires_at = NULL
        WHERE id = $1 AND status = 'AWAITING_UPLOAD' AND upload_claim = $2
        RETURNING id`,
      [claim.documentId, claim.token],
    );
    return released.length > 0;
  }

  /** A spent upload's key was deleted for the last time: its reservation no longer counts in the quota. */
  async releaseDiscardedReservation(documentId: string): Promise<void> {
    await this.documents.query(
      `UPDATE document SET upload_reserved_bytes = NULL
        WHERE id = $1 AND upload_consumed_at IS NOT NULL AND upload_claim IS NULL`,
      [documentId],
    );
  }

  /** Uploads never completed, locked by the caller's sweep: their rows go (a READY document never does). */
  async deleteStaleUploads(manager: EntityManager, documentIds: string[]): Promise<void> {
    await manager.query(`DELETE FROM document WHERE id = ANY($1::uuid[]) AND status = 'AWAITING_UPLOAD'`, [
      documentIds,
    ]);
  }

  /** A template form was printed and stored: a new READY document. */
  addGenerated(ownerId: string, form: PrintedForm, file: StoredFile): Promise<DocumentEntity> {
    const document = this.documents.create({ ownerId, source: 'TEMPLATE', removed: [], repairs: [] });
    return this.saveGenerated(document, form, file);
  }

  /** The member's template document, not yet held by a request, was printed again from new answers. */
  regenerate(document: DocumentEntity, form: PrintedForm, file: StoredFile): Promise<DocumentEntity> {
    return this.saveGenerated(document, form, file);
  }

  private saveGenerated(
    document: DocumentEntity,
    form: PrintedForm,
    { outcome, storageKey }: StoredFile,
  ): Promise<DocumentEntity> {
    return this.documents.save({
      ...document,
      ...form,
      status: 'READY' as const,
      uploadKey: null,
      sha256: outcome.sha256,
      storageKey,
      sizeBytes: outcome.bytes.byteLength,
      pageCount: outcome.pageCount,
      pages: outcome.pages,
      signatureLayout: outcome.layout ?? null,
    });
  }
}
