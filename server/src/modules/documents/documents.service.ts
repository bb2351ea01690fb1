import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { type Repository } from 'typeorm';
import {
  ErrorCode,
  MAX_PDF_BYTES,
  type PdfCompleteResponse,
  type PdfTemplateResponse,
  type PdfUploadResponse,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { DocumentEntity } from './document.entity';
import { DocumentStore, PDF_CONTENT_TYPE } from './document-store';
import {
  completeResponse,
  displayFileName,
  readyDocumentOf,
  type PdfDocumentResponse,
  type ReadyDocument,
} from './document-views';
import { type PdfRequestDto } from './dto/pdf-request.dto';
import { PdfSandbox } from './pdf/pdf-sandbox';
import { type PdfOutcome } from './pdf/pdf-task';
import { TemplateDocumentsService } from './template-documents.service';
import { isUuid } from '../../common/uuid';

export type { PdfDocumentResponse, ReadyDocument } from './document-views';

const UPLOAD_URL_SECONDS = 900;
const DOWNLOAD_URL_SECONDS = 300;

/**
 * Documents a member signs: their own PDF (an upload address, then the checks in a worker, then storage
 * under the hash) or a generated template. Another member's document answers exactly like a missing one.
 */
@Injectable()
export class DocumentsService {
  constructor(
    @InjectRepository(DocumentEntity) private readonly documents: Repository<DocumentEntity>,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly store: DocumentStore,
    private readonly sandbox: PdfSandbox,
    private readonly templates: TemplateDocumentsService,
  ) {}

  request(ownerId: string, input: PdfRequestDto): Promise<PdfUploadResponse | PdfTemplateResponse> {
    return input.documentType === 'CUSTOM'
      ? this.issueUpload(ownerId, input)
      : this.templates.generate(ownerId, input);
  }

  /** T1: an announced size over the limit is refused here, before any row or address exists. */
  async issueUpload(ownerId: string, input: PdfRequestDto): Promise<PdfUploadResponse> {
    if (input.mode === 'UPDATE') {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { mode: 'validation.isIn' });
    }
    if (input.size !== undefined && input.size > MAX_PDF_BYTES) {
      throw new AppException(ErrorCode.FILE_TOO_LARGE);
    }
    const uploadKey = `uploads/${randomUUID()}.pdf`;
    const url = await this.storage.createUploadUrl(uploadKey, {
      contentType: PDF_CONTENT_TYPE,
      maxBytes: MAX_PDF_BYTES,
      expiresInSeconds: UPLOAD_URL_SECONDS,
    });
    const document = await this.documents.save(
      this.documents.create({
        ownerId,
        source: 'CUSTOM',
        status: 'AWAITING_UPLOAD',
        uploadKey,
        fileName: displayFileName(input.fileName),
        removed: [],
      }),
    );
    return { fileId: document.id, url };
  }

  /**
   * Checks the uploaded file in a worker and stores the normalised result. Idempotent: a READY document
   * answers its data again. A refused file is deleted and nothing is stored; the row keeps waiting.
   */
  async complete(ownerId: string, fileId: string): Promise<PdfCompleteResponse> {
    const document = await this.findOwned(ownerId, fileId);
    const ready = readyDocumentOf(document);
    if (ready) return completeResponse(ready, document.removed);
    const uploadKey = document.uploadKey;
    if (!uploadKey) throw new AppException(ErrorCode.INVALID_UPLOAD, { file: 'validation.uploadMissing' });
    let outcome: PdfOutcome;
    try {
      outcome = await this.checkUpload(uploadKey);
    } catch (error) {
      return this.completedMeanwhile(ownerId, fileId, error);
    }
    const response = await this.markReady(document, outcome);
    // Only once stored: should storing fail, the member can call again without re-sending the file.
    await this.storage.delete(uploadKey);
    return response;
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
      ...completeResponse(ready, document.removed),
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

  private async findOwned(ownerId: string, id: string): Promise<DocumentEntity> {
    const document = isUuid(id) ? await this.documents.findOneBy({ id, ownerId }) : null;
    if (!document) throw new AppException(ErrorCode.NOT_FOUND);
    return document;
  }

  /** The checked file; whatever happens, the upload itself does not outlive a refusal. */
  private async checkUpload(uploadKey: string): Promise<PdfOutcome> {
    const bytes = await this.readUpload(uploadKey);
    try {
      return await this.sandbox.check(bytes);
    } catch (error) {
      await this.storage.delete(uploadKey);
      throw error;
    }
  }

  private async readUpload(key: string): Promise<Buffer> {
    try {
      await this.storage.confirmUploadSize(key, MAX_PDF_BYTES);
      return await this.storage.get(key);
    } catch (error) {
      // confirmUploadSize has already deleted an oversized object.
      if ((error as { name?: string }).name === 'ObjectTooLargeError') {
        throw new AppException(ErrorCode.FILE_TOO_LARGE);
      }
      throw new AppException(ErrorCode.INVALID_UPLOAD, { file: 'validation.uploadMissing' });
    }
  }

  /** A concurrent call may have completed the document (and removed the upload) while this one waited. */
  private async completedMeanwhile(
    ownerId: string,
    id: string,
    error: unknown,
  ): Promise<PdfCompleteResponse> {
    const current = await this.findOwned(ownerId, id);
    const ready = readyDocumentOf(current);
    if (ready) return completeResponse(ready, current.removed);
    throw error;
  }

  private async markReady(document: DocumentEntity, outcome: PdfOutcome): Promise<PdfCompleteResponse> {
    const storageKey = await this.store.save(outcome);
    await this.documents.update(
      { id: document.id, status: 'AWAITING_UPLOAD' },
      {
        status: 'READY',
        uploadKey: null,
        sha256: outcome.sha256,
        storageKey,
        sizeBytes: outcome.bytes.byteLength,
        pageCount: outcome.pageCount,
        pages: outcome.pages,
        removed: outcome.removed,
      },
    );
    const current = await this.findOwned(document.ownerId, document.id);
    const ready = readyDocumentOf(current);
    if (!ready) throw new Error('The document did not become ready');
    return completeResponse(ready, current.removed);
  }
}

function downloadName(document: ReadyDocument): string {
  const name = document.fileName ?? 'document';
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
