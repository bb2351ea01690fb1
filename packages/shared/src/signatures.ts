import { type Locale as Language } from './locales';
import { type RiskResult } from './aml/risk-score';

/** Where the document of a request comes from: the member's own PDF or a certified template. */
export const DOCUMENT_TYPES = ['CUSTOM', 'TEMPLATE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * SIMPLE: the SMS code and the platform's seal. ADVANCED: a one-use certificate per signatory from the
 * platform's CA (eIDAS art. 26). QUALIFIED: the signatory's own qualified certificate at a trust-service
 * provider (eIDAS art. 25(2)), offered only when one is configured.
 */
export const SIGNING_MODES = ['SIMPLE', 'ADVANCED', 'QUALIFIED'] as const;
export type SigningMode = (typeof SIGNING_MODES)[number];

/** CONCURRENT: everyone is invited at once. SEQUENCE: the next signatory only after the previous one signed. */
export const SIGNING_FLOWS = ['CONCURRENT', 'SEQUENCE'] as const;
export type SigningFlow = (typeof SIGNING_FLOWS)[number];

export const SIGNATURE_SIZES = ['small', 'medium', 'default', 'large'] as const;
export type SignatureSize = (typeof SIGNATURE_SIZES)[number];

export const PLACEMENT_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type PlacementPosition = (typeof PLACEMENT_POSITIONS)[number];

/**
 * The ten French-language certified templates, then the three anti-money-laundering forms
 * (risk assessment, politically exposed person check, beneficial owner identification).
 */
export const TEMPLATE_TYPES = [
  'BeneficialOwnerDeclaration',
  'LegalEntity',
  'LegalEntityAgent',
  'NaturalPerson',
  'NaturalPersonAgent',
  'RealPriceCertificate',
  'FlatSalesAgreement',
  'FlatSalesMandate',
  'HouseSalesAgreement',
  'HouseSalesMandate',
  'AmlRiskAssessment',
  'PepScreening',
  'BeneficialOwnerIdentification',
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/**
 * Member-side statuses. INIT: created, invitations not yet sent. IN_PROGRESS: invitations out, signatures
 * being collected. UPDATING_DOCUMENT: everyone signed, the final document is being sealed. SIGNED: sealed
 * and available. CANCELLED: cancelled by the member. DECLINED: a signatory declined to sign, with a reason.
 * EXPIRED: its expiry date passed before everyone signed. The last four are final.
 */
export const SIGNATURE_STATUSES = [
  'INIT',
  'IN_PROGRESS',
  'UPDATING_DOCUMENT',
  'SIGNED',
  'CANCELLED',
  'DECLINED',
  'EXPIRED',
] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/**
 * WAITING: in a SEQUENCE flow, their turn has not come. INVITED: has the link. SIGNED. DECLINED: declined
 * to sign (the request is then DECLINED).
 */
export const SIGNATORY_STATUSES = ['WAITING', 'INVITED', 'SIGNED', 'DECLINED'] as const;
export type SignatoryStatus = (typeof SIGNATORY_STATUSES)[number];

/**
 * The audit events the specification names, plus UPDATE (a request edited before anyone signed), SEAL (final document),
 * VIEW (a request's data read: by a member, or by a signatory opening the link), DELIVER_DOCUMENT (the
 * document's bytes sent to a signing link, with their hash), VIEW_DOCUMENT (the signing page rendered the
 * document: the hash of the bytes it rendered and its page count), DECLINE (a signatory declined, with a
 * reason), EXPIRE (the expiry date passed) and EXTEND (the member moved the expiry date). What each records
 * is `AuditDetailsMap` (audit-events.ts). Names are only ever added: stored rows keep theirs.
 */
export const AUDIT_EVENTS = [
  'CREATE',
  'UPDATE',
  'CANCEL',
  'LIST',
  'VIEW',
  'VIEW_DETAILS',
  'REQUEST_OTP',
  'POST_OTP',
  'INVALID_OTP',
  'SEND_REMINDER',
  'SIGN_DOCUMENT',
  'SEAL',
  'DELIVER_DOCUMENT',
  'VIEW_DOCUMENT',
  'DECLINE',
  'EXPIRE',
  'EXTEND',
  'ASSIGN',
  'QUALIFIED_AUTHORISATION',
  'QUALIFIED_FAILED',
] as const;
export type AuditEventType = (typeof AUDIT_EVENTS)[number];

export const ACTOR_TYPES = ['MEMBER', 'ADMIN', 'SIGNATORY', 'SYSTEM'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_PAGES = 500;
export const MAX_SIGNATORIES = 50;
/**
 * Signatures and time-stamps examined in a PDF handed to verification; a file with more is refused
 * (PDF_TOO_MANY_SIGNATURES). Room for every document the platform seals: one signature per signatory, the
 * seal, its document time-stamp and later archive time-stamps.
 */
export const MAX_VERIFIED_SIGNATURES = MAX_SIGNATORIES + 10;
/** A list search needs this many characters; a shorter text filters nothing. */
export const SEARCH_MIN_LENGTH = 2;
export const SIGNATURE_TITLE_MAX = 200;
export const DOCUMENT_NAME_MAX = 200;
export const SIGNATORY_NAME_MAX = 120;
export const SIGNATORY_ROLE_MAX = 80;
/** A request can be signed for 1 to 365 days after it is sent (REQUEST_EXPIRY_DAYS by default). */
export const EXPIRY_DAYS_MIN = 1;
export const EXPIRY_DAYS_MAX = 365;
/** The reason a signatory gives when declining to sign. */
export const DECLINE_REASON_MIN = 3;
export const DECLINE_REASON_MAX = 500;

export interface SignaturePlacement {
  /** 1-based page number. */
  page: number;
  position: PlacementPosition;
}

/** A rectangle on a page, in PDF points from the page's bottom left corner. */
export interface PageRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The page of every generated document (templates, AML forms, statements): A4, in points. */
export const GENERATED_PAGE_SIZE = { width: 595.28, height: 841.89 } as const;

/**
 * Where a generated document expects what is added to it (1-based pages): one signature frame per party
 * who signs, big enough for a block of any size; boxes no one signs in (the agency's); and the area left
 * free for the chamber's seal.
 */
export interface SignatureLayout {
  frames: { party: string; page: number; rect: PageRectangle }[];
  boxes: { page: number; rect: PageRectangle }[];
  seal: { page: number; rect: PageRectangle };
}

export interface SignatoryInput {
  name: string;
  email: string;
  mobile: string;
  /** 1-based order; in a SEQUENCE flow signatories are invited in this order. */
  order: number;
  /**
   * On a generated document: the party this signatory signs for (`vendeurs.0`, as `templateSignatories`
   * names it), whose name, e-mail and mobile must be those of the form. Every party signs; a signatory
   * without a party is an extra, a witness say, and says in what capacity (`role`).
   */
  party?: string | null;
  /** An extra's capacity ("Témoin"); a party's role comes from the template. */
  role?: string | null;
  /** Page and corner of an extra's block; a party signs in its own frame, which needs none. */
  placement?: SignaturePlacement | null;
}

/** The body of `POST /api/signatures` (and of the update calls). */
export interface SignatureRequestInput {
  signatureTitle: string;
  documentType: DocumentType;
  /** The `fileId` of an uploaded PDF or the `documentId` of a generated template. */
  documentId: string;
  templateType?: TemplateType | null;
  documentName: string;
  signingMode: SigningMode;
  signingFlow: SigningFlow;
  signatureSize: SignatureSize;
  /** 1-based page of the chamber's seal. */
  sealPage: number;
  sealSize: SignatureSize;
  /** The language of the invitations and the audit page; the member's own by default. */
  language?: Language;
  /**
   * Days the request can be signed for, from when it is sent (or changed); the server's REQUEST_EXPIRY_DAYS
   * by default. A change without it keeps the expiry date.
   */
  expiryDays?: number;
  signatories: SignatoryInput[];
}

export interface SignatoryView {
  signatoryId: string;
  name: string;
  email: string;
  mobile: string;
  order: number;
  placement: SignaturePlacement;
  /** The party signed for on a generated document, or null for an extra or an upload's signatory. */
  party: string | null;
  /** "Vendeur", "Témoin": the capacity the signatory signs in, when one was given. */
  role: string | null;
  status: SignatoryStatus;
  invitedAt: string | null;
  signedAt: string | null;
  location: string | null;
  lastRemindedAt: string | null;
  declinedAt: string | null;
}

/** Who declined a DECLINED request, when and why (the reason is shown to the member only). */
export interface DeclineView {
  signatoryId: string;
  signatoryName: string;
  reason: string;
  declinedAt: string;
}

export interface SignatureRequestView {
  id: string;
  status: SignatureStatus;
  signatureTitle: string;
  documentName: string;
  documentType: DocumentType;
  documentId: string;
  templateType: TemplateType | null;
  signingMode: SigningMode;
  signingFlow: SigningFlow;
  signatureSize: SignatureSize;
  sealPage: number;
  sealSize: SignatureSize;
  language: Language;
  pageCount: number;
  signatories: SignatoryView[];
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  completedAt: string | null;
  sealedAt: string | null;
  cancelledAt: string | null;
  /** After this instant the request can no longer be signed (ISO time). */
  expiresAt: string;
  /** When the request became EXPIRED, or null. */
  expiredAt: string | null;
  /** For a DECLINED request: who declined, when and why; otherwise null. */
  decline: DeclineView | null;
  /** When the member may send the next reminder (ISO time), or null if now. */
  nextReminderAvailability: string | null;
  /** The owner's name; shown to administrators, who see every member's requests. */
  ownerName: string;
  /**
   * For an AML form: the risk level its answers led to when it was printed, with what drove it and the
   * rules' version (the same result as on the form); null for other documents.
   */
  amlRisk: RiskResult | null;
}

/**
 * One event of a request's trail as chained: the API, the details page and the log sealed into the PDF carry
 * it exactly as stored (the chain hashes it so). Its details are read once `isAuditEvent` (or
 * `isRecordedAuditEvent`) has narrowed it: then they have the types of `AuditDetailsMap`.
 */
export interface AuditEventView {
  seq: number;
  /** An `AuditEventType`, unless a newer version recorded the event. */
  event: string;
  actorType: ActorType;
  actorName: string;
  createdAt: string;
  ip: string | null;
  userAgent: string | null;
  details: object;
  hash: string;
}

export interface SignatureDetailsView extends SignatureRequestView {
  auditTrail: AuditEventView[];
  /** Whether the hash chain of the audit trail is intact. */
  auditChainValid: boolean;
}

/** `POST /api/signatures/{id}/expiry`: moves the expiry date of a request not yet expired this many days later. */
export interface ExtendExpiryInput {
  days: number;
}

export interface ReminderResponse {
  nextReminderAvailability: string;
  reminded: number;
}

export interface SignatureDownloadResponse {
  documentUrl: string;
  signatureTitle: string;
  documentName: string;
}

/** `POST /api/pdf`. CUSTOM: asks for an upload address. TEMPLATE: generates the PDF from `formData`. */
export interface PdfRequest {
  documentType: DocumentType | TemplateType;
  /** For a template: the form's fields. */
  formData?: Record<string, unknown>;
  /** For UPDATE: the template document to regenerate. */
  documentId?: string;
  mode?: 'CREATE' | 'UPDATE';
  /** For CUSTOM: the file's size in bytes, so an oversized file is refused before it is sent. */
  size?: number;
  /** For CUSTOM: the file's name, kept as the document's display name. */
  fileName?: string;
}

export interface PdfTemplateResponse {
  pdfBase64: string;
  documentId: string;
  pdfPageCount: number;
  /** Where each party signs, the agency's box and the seal's area. */
  layout: SignatureLayout | null;
}

export interface PdfUploadResponse {
  fileId: string;
  /** PUT the file here (Content-Type application/pdf), then call `POST /api/pdf/{fileId}/complete`. */
  url: string;
}

/** `POST /api/pdf/{fileId}/complete`: the uploaded file passed the checks and was stored. */

export interface PdfCompleteResponse {
  documentId: string;
  pdfPageCount: number;
  /** Page sizes in PDF points, for placing signatures. */
  pages: { width: number; height: number }[];
  sha256: string;
  /** What the normalisation removed (JavaScript, embedded files, XFA, actions). */
  removed: string[];
  /** What the normalisation had to mend for the file to be signable; the member is asked to check the preview. */
  repairs: PdfRepair[];
}

/**
 * REPAIRED: the file was damaged (cross-reference table, object delimiters, page tree) and was rebuilt the
 * way standard readers recover it. DECRYPTED: it was encrypted without an open password and its permissions
 * allowed changes; the protection was removed so it can be signed.
 */
export type PdfRepair = 'REPAIRED' | 'DECRYPTED';
export const PDF_REPAIRS: readonly PdfRepair[] = ['REPAIRED', 'DECRYPTED'];

export function reminderRetryAfterMs(nextReminderAvailability: string | null, now = Date.now()): number {
  if (!nextReminderAvailability) return 0;
  return Math.max(0, Date.parse(nextReminderAvailability) - now);
}
