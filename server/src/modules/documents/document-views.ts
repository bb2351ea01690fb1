import {
  cleanSingleLine,
  type PdfCompleteResponse,
  type DocumentType,
  type RiskResult,
  type SignatureLayout,
  type TemplateFormData,
  type TemplateType,
} from '@esign/shared';
import { type DocumentEntity } from './document.entity';
import { type PageSize } from '@esign/pdf-signing';

/** A checked document as other modules use it (signature requests, sealing). */
export interface ReadyDocument {
  id: string;
  source: DocumentType;
  templateType: TemplateType | null;
  /** An AML form's computed risk, as printed on it. */
  amlRisk: RiskResult | null;
  fileName: string | null;
  sha256: string;
  storageKey: string;
  pageCount: number;
  pages: PageSize[];
  /** A generated document's answers and where its frames, box and seal area are; null for an upload. */
  formData: TemplateFormData | null;
  signatureLayout: SignatureLayout | null;
}

/** `GET /api/pdf/{documentId}`: the metadata, and a short-lived address to fetch the file for a preview. */
export interface PdfDocumentResponse extends PdfCompleteResponse {
  source: DocumentType;
  templateType: TemplateType | null;
  fileName: string | null;
  sizeBytes: number;
  url: string;
}

/** The row as a ready document, or undefined while it is not one. */
export function readyDocumentOf(document: DocumentEntity): ReadyDocument | undefined {
  const { sha256, storageKey, pageCount, pages } = document;
  if (document.status !== 'READY' || !sha256 || !storageKey || pageCount === null || !pages) return undefined;
  return {
    id: document.id,
    source: document.source,
    templateType: document.templateType,
    amlRisk: document.amlRisk,
    fileName: document.fileName,
    sha256,
    storageKey,
    pageCount,
    pages,
    formData: document.formData,
    signatureLayout: document.signatureLayout,
  };
}

export function completeResponse(
  ready: ReadyDocument,
  { removed, repairs }: Pick<DocumentEntity, 'removed' | 'repairs'>,
): PdfCompleteResponse {
  return {
    documentId: ready.id,
    pdfPageCount: ready.pageCount,
    pages: ready.pages,
    sha256: ready.sha256,
    removed: [...removed],
    repairs: [...(repairs ?? [])],
  };
}

/**
 * What a member typed as the file's name, made safe to show: the one cleaning of every name the product
 * keeps (`cleanSingleLine`: NFC, one line, no direction controls, which can make "invoice‮fdp.exe" read as
 * "invoiceexe.pdf", nor any other invisible character).
 */
export function displayFileName(name: string | undefined): string | null {
  if (name === undefined) return null;
  const cleaned = cleanSingleLine(name);
  return cleaned === '' ? null : cleaned;
}
