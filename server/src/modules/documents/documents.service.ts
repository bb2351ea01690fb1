import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  JobName,
  MAX_PDF_BYTES,
  type PdfCompleteResponse,
  type PdfTemplateResponse,
  type PdfUploadResponse,
  type SignatureLayout,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { JobQueue } from '../jobs/job-queue.service';
import { Metrics } from '../metrics/metrics.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { ObjectNotFoundError, ObjectTooLargeError } from '../storage/storage-errors';
import { DocumentEntity } from './document.entity';
import { DocumentRecords } from './document-records';
import { DocumentStore, newUploadKey, PDF_CONTENT_TYPE } from './document-store';
import {
  completeResponse,
  displayFileName,
  readyDocumentOf,
  type PdfDocumentResponse,
  type ReadyDocument,
} from './document-views';
import { type PdfRequestDto } from './dto/pdf-request.dto';
import { type PdfPlace, PdfSandbox } from './pdf/pdf-sandbox';
import { type PdfOutcome } from './pdf/pdf-task';
import { StorageQuota } from './storage-quota';
import { TemplateDocumentsService } from './template-documents.service';
import { UploadClaimLost, UploadClaims, type UploadClaim } from './upload-claims';
import { isUuid } from '../../common/uuid';

export type { PdfDocumentResponse, ReadyDocument } from './document-views';

const UPLOAD_URL_SECONDS = 900;
const DOWNLOAD_URL_SECONDS = 300;
/**
 * How long after its address expired an upload's leftovers are discarded: more than any difference between
 * this clock and the store's, which judges a pre-signed URL's expiry by its own.
 */
const DISCARD_MARGIN_MS = 5 * 60_000;

/**
 * Documents a member signs: their own PDF (an upload address, then the checks in a worker, then storage
 * under the hash) or a generated template. Another member's document answers exactly like a missing one.
 *
 * An upload is used once. Completion takes it (a lease: one completion at a time), reads it in one read,
 * and, checked, stores the normalised bytes under their hash and deletes the upload key; refused, the upload
 * is deleted and stays spent. The stored document is therefore never the upload key itself, and nothing a
 * later PUT to the old address brings (S3 cannot refuse one; our own file route does) is ever read. Whatever
 * such a PUT leaves is deleted by the discard job once the address has expired.
 */
@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('Documents');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: DocumentRecords,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly store: DocumentStore,
    private readonly sandbox: PdfSandbox,
    private readonly templates: TemplateDocumentsService,
    private readonly quota: StorageQuota,
    private readonly jobs: JobQueue,
    private readonly claims: UploadClaims,
    private readonly metrics: Metrics,
  ) {}

  request(ownerId: string, input: PdfRequestDto): Promise<PdfUploadResponse | PdfTemplateResponse> {
    return input.documentType === 'CUSTOM'
      ? this.issueUpload(ownerId, input)
      : this.templates.generate(ownerId, input);
  }

  /**
   * T1: an announced size over the limit is refused here, before any row or address exists; so is an upload
   * the member's quota has no room for. The address accepts the announced size (the browser knows the file's
   * exact size), 10 MB when none is announced, and that much is counted in the quota until completion.
   */
  async issueUpload(ownerId: string, input: PdfRequestDto): Promise<PdfUploadResponse> {
    if (input.mode === 'UPDATE') {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { mode: 'validation.isIn' });
    }
    if (input.size !== undefined && input.size > MAX_PDF_BYTES) {
      throw new AppException(ErrorCode.FILE_TOO_LARGE);
    }
    const maxBytes = input.size ?? MAX_PDF_BYTES;
    const uploadKey = newUploadKey();
    // At or after the address's own expiry (the signer rounds down to the second).
    const uploadExpiresAt = new Date(Date.now() + UPLOAD_URL_SECONDS * 1000);
    return this.dataSource.transaction(async (manager) => {
      await this.quota.assertRoom(manager, ownerId, maxBytes);
      const url = await this.storage.createUploadUrl(uploadKey, {
        contentType: PDF_CONTENT_TYPE,
        maxBytes,
        expiresInSeconds: UPLOAD_URL_SECONDS,
      });
      const fileId = await this.records.addUpload(manager, {
        ownerId,
        uploadKey,
        reservedBytes: maxBytes,
        expiresAt: uploadExpiresAt,
        fileName: displayFileName(input.fileName),
      });
      return { fileId, url };
    });
  }

  /**
   * Checks the uploaded file in a PDF process and stores the normalised result. Idempotent: a READY document
   * answers its data again. Nothing uploaded yet, or a fault on the way: the upload waits for another call.
   * A refused file is deleted and nothing is stored; the upload is spent (409 UPLOAD_URL_USED after). While
   * another completion holds the upload, 409 too; one whose process died loses it when its lease runs out
   * (UploadClaims).
   */
  async complete(ownerId: string, fileId: string): Promise<PdfCompleteResponse> {
    const document = await this.findOwned(ownerId, fileId);
    const ready = readyDocumentOf(document);
    if (ready) return completeResponse(ready, document);
    const uploadKey = document.uploadKey;
    if (!uploadKey) throw new AppException(ErrorCode.INVALID_UPLOAD, { file: 'validation.uploadMissing' });
    // The member's place in the PDF queue comes first: a 429 there leaves the upload untouched for a retry.
    const place = this.sandbox.reserve({ member: ownerId });
    try {
      const claim = await this.claims.take(document.id);
      const used = new AppException(ErrorCode.UPLOAD_URL_USED);
      // Another completion holds the upload, or an earlier one refused it.
      if (!claim) return await this.completedMeanwhile(ownerId, fileId, used);
      try {
        return await this.claims.hold(claim, () => this.completeClaimed(document, uploadKey, claim, place));
      } catch (error) {
        if (error instanceof UploadClaimLost) return await this.completedMeanwhile(ownerId, fileId, used);
        throw error;
      }
    } finally {
      place.release();
    }
  }

  private async completeClaimed(
    document: DocumentEntity,
    uploadKey: string,
    claim: UploadClaim,
    place: PdfPlace,
  ): Promise<PdfCompleteResponse> {
    try {
      // Read in the member's turn: a check waiting for it holds no file in memory.
      const outcome = await place.check(() =>
        this.readUpload(uploadKey, document.uploadReservedBytes ?? MAX_PDF_BYTES),
      );
      await this.holdRoom(document, outcome, claim);
      const response = await this.markReady(document, uploadKey, outcome, claim);
      // Stored: the upload is no longer needed. Should this fail, the discard job deletes it later.
      await this.storage.delete(uploadKey).catch((error: unknown) => {
        this.logger.warn({ err: error, documentId: document.id }, 'Could not delete a completed upload');
      });
      return response;
    } catch (error) {
      await this.afterFailedCompletion(document, uploadKey, claim, error).catch((cleanup: unknown) => {
        this.logger.error(
          { err: cleanup, documentId: document.id },
          'Could not clean up a failed completion',
        );
      });
      throw error;
    }
  }

  async describe(ownerId: string, documentId: string): Promise<PdfDocumentResponse> {
    const document = await this.findOwned(ownerId, documentId);
    const ready = readyDocumentOf(document);
    if (!ready) throw new AppException(ErrorCode.DOCUMENT_NOT_READY);
    const url = await this.storage.createDownloadUrl(ready.storageKey, {
      downloadName: downloadName(ready),
      contentType: PDF_CONTENT_TYPE,
      expiresInSeconds: DOWNLOAD_URL_SECONDS,
    });
    return {
      ...completeResponse(ready, document),
      source: ready.source,
      templateType: ready.templateType,
      fileName: ready.fileName,
      sizeBytes: document.sizeBytes ?? 0,
      url,
    };
  }

  /** For signature requests: the caller's checked document, or NOT_FOUND / a 422 while it is not ready. */
  async findReadyForOwner(ownerId: string, documentId: string): Promise<ReadyDocument> {
    const document = await this.findOwned(ownerId, documentId);
    const ready = readyDocumentOf(document);
    if (!ready) {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { documentId: 'validation.documentNotReady' });
    }
    return ready;
  }

  /** What the signing side needs of a request's document: its page count and where its template's frames are. */
  async signingFacts(
    documentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ pageCount: number | null; signatureLayout: SignatureLayout | null } | null> {
    const [row] = await manager.query<
      { page_count: number | null; signature_layout: SignatureLayout | null }[]
    >(`SELECT page_count, signature_layout FROM document WHERE id = $1`, [documentId]);
    return row ? { pageCount: row.page_count, signatureLayout: row.signature_layout } : null;
  }

  private async findOwned(ownerId: string, id: string): Promise<DocumentEntity> {
    const document = isUuid(id)
      ? await this.dataSource.manager.findOneBy(DocumentEntity, { id, ownerId })
      : null;
    if (!document) throw new AppException(ErrorCode.NOT_FOUND);
    return document;
  }

  private async readUpload(key: string, maxBytes: number): Promise<Buffer> {
    try {
      return await this.storage.readUpload(key, maxBytes);
    } catch (error) {
      // readUpload has already deleted an oversized object.
      if (error instanceof ObjectTooLargeError) throw new AppException(ErrorCode.FILE_TOO_LARGE);
      if (error instanceof ObjectNotFoundError) {
        throw new AppException(ErrorCode.INVALID_UPLOAD, { file: 'validation.uploadMissing' });
      }
      throw error;
    }
  }

  /**
   * The checked file's room in the quota, in the member's turn: its size is put on the row at once (the row
   * no longer counts its reservation against itself), so a concurrent upload of the member sees it.
   */
  private async holdRoom(document: DocumentEntity, outcome: PdfOutcome, claim: UploadClaim): Promise<void> {
    const size = outcome.bytes.byteLength;
    await this.dataSource.transaction(async (manager) => {
      await this.quota.assertRoom(manager, document.ownerId, size, document.id);
      const held = await this.records.reserveSize(manager, claim, size);
      if (!held) throw new UploadClaimLost();
    });
  }

  /**
   * A refused file (it was read and checked): the upload is spent and deleted now; its reservation stays
   * counted until the discard job has deleted whatever a later PUT brings. Anything else (nothing uploaded
   * yet, a fault of the store or the worker): the upload is given back for another call. Either only while
   * the claim is still this completion's: a completion that took it over decides instead.
   */
  private async afterFailedCompletion(
    document: DocumentEntity,
    uploadKey: string,
    claim: UploadClaim,
    error: unknown,
  ): Promise<void> {
    if (error instanceof UploadClaimLost) return;
    const refused =
      error instanceof AppException && error.getStatus() < 500 && error.code !== ErrorCode.INVALID_UPLOAD;
    const spent = await this.dataSource.transaction(async (manager) => {
      const released = await this.records.releaseFailedCompletion(manager, claim, { spent: refused });
      if (!released || !refused) return false;
      await this.scheduleDiscard(manager, document, uploadKey);
      return true;
    });
    if (spent && error instanceof AppException) {
      this.metrics.uploadRefused(error.code, Object.values(ErrorCode));
    }
    // Should this fail, the discard job scheduled above deletes it.
    if (spent) await this.storage.delete(uploadKey);
  }

  /** A concurrent call may have completed the document (and removed the upload) while this one waited. */
  private async completedMeanwhile(
    ownerId: string,
    id: string,
    error: unknown,
  ): Promise<PdfCompleteResponse> {
    const current = await this.findOwned(ownerId, id);
    const ready = readyDocumentOf(current);
    if (ready) return completeResponse(ready, current);
    throw error;
  }

  private async markReady(
    document: DocumentEntity,
    uploadKey: string,
    outcome: PdfOutcome,
    claim: UploadClaim,
  ): Promise<PdfCompleteResponse> {
    const storageKey = await this.store.save(outcome);
    await this.dataSource.transaction(async (manager) => {
      const marked = await this.records.markReady(manager, claim, { outcome, storageKey });
      if (!marked) throw new UploadClaimLost();
      await this.scheduleDiscard(manager, document, uploadKey);
    });
    const current = await this.findOwned(document.ownerId, document.id);
    const ready = readyDocumentOf(current);
    if (!ready) throw new Error('The document did not become ready');
    return completeResponse(ready, current);
  }

  /** In the caller's transaction: the upload key's last deletion, once its address can take no more PUTs. */
  private async scheduleDiscard(manager: EntityManager, document: DocumentEntity, uploadKey: string) {
    const expiresAt = document.uploadExpiresAt?.getTime() ?? Date.now();
    await this.jobs.enqueue(
      JobName.DiscardUpload,
      { documentId: document.id, uploadKey },
      {
        jobId: `${JobName.DiscardUpload}:${document.id}`,
        delayMs: Math.max(0, expiresAt - Date.now()) + DISCARD_MARGIN_MS,
      },
      manager,
    );
  }
}

function downloadName(document: ReadyDocument): string {
  const name = document.fileName ?? 'document';
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
