import {
  type AuditEventView,
  type Locale,
  type PageRectangle,
  type PlacementPosition,
  type SignatureLayout,
  type SignatureSize,
  type SigningMode,
} from '@esign/shared';
import { type DocumentEvidence } from './document-evidence';

export interface SealedSignatory {
  id: string;
  name: string;
  email: string;
  mobile: string;
  order: number;
  page: number;
  position: PlacementPosition;
  /** The party's frame on a generated document, where its block is; null for a corner placement. */
  frame: { page: number; rect: PageRectangle } | null;
  /** The capacity signed in ("Vendeur", "Témoin"), or null. */
  role: string | null;
  signedAt: string;
  location: string;
  ip: string | null;
  userAgent: string | null;
  consents: Record<string, unknown> | null;
  certificateSerial: string | null;
  certificateFingerprint: string | null;
  /** What the signatory's link received and displayed before they signed (from the audit trail). */
  document: DocumentEvidence;
}

/** Everything the final document is made of besides the signed revision itself. */
export interface SealInput {
  /** The current revision (normalised upload plus any ADVANCED signatures). */
  source: Buffer;
  requestId: string;
  title: string;
  documentName: string;
  language: Locale;
  signingMode: SigningMode;
  signatureSize: SignatureSize;
  sealPage: number;
  sealSize: SignatureSize;
  /** A generated document's frames, boxes and seal area, which the seal follows; null for an upload. */
  layout: SignatureLayout | null;
  /** SHA-256 of the normalised document every signatory approved. */
  documentSha256: string;
  senderName: string;
  signatories: SealedSignatory[];
  auditTrail: AuditEventView[];
  auditChainValid: boolean;
  /** The member's logo (PNG), drawn at 12 % on the seal stamp. */
  ownerLogoPng: Buffer | null;
  sealedAt: Date;
}

/**
 * Makes the final document: the evidence (audit pages and the hash-chained log as an attachment; for SIMPLE
 * the visible signature blocks) as an incremental update, then the chamber's seal with its stamp, the
 * validation data and a document time-stamp: PAdES B-LTA. Runs its PDF work off the event loop.
 */
export interface DocumentSealer {
  seal(input: SealInput): Promise<Buffer>;
}

export const DOCUMENT_SEALER = Symbol('DocumentSealer');
