import { type Locale } from './locales';
import { type SigningConsent } from './signing';
import {
  type AuditEventType,
  type AuditEventView,
  type SignatureStatus,
  type SigningFlow,
  type SigningMode,
} from './signatures';

/**
 * What each audit event records in its `details`, as its writer stores it: one type per event, checked by the
 * compiler where the event is recorded (`AuditService.record`) and where it is read (`isAuditEvent`). The
 * stored JSON is hashed into the request's chain: a field is never renamed or given another type, only added.
 */
export interface AuditDetailsMap {
  /** A request created: its content and signatories, as sent. */
  CREATE: RequestContentDetails;
  /** A request edited before anyone signed: its new content and signatories. */
  UPDATE: RequestContentDetails;
  /** A request cancelled by its member: the event says all. */
  CANCEL: NoDetails;
  /** A page of the request list read (in the reader's own stream): the filter and how many requests matched. */
  LIST: { filter: { q?: string; status?: SignatureStatus }; count: number };
  /** A request's data read, by a member or by a signatory opening the link. */
  VIEW: NoDetails;
  /** A request's details page, audit trail included, read by a member or an administrator. */
  VIEW_DETAILS: NoDetails;
  /** A one-time code sent by SMS: to which (masked) number, for which document, until when, in which language. */
  REQUEST_OTP: {
    /** The mobile number with all but its last digits masked. */
    phone: string;
    documentSha256: string;
    expiresAt: string;
    outboxMessageId: string;
    language: Locale;
  };
  /** A one-time code confirmed: which code. */
  POST_OTP: { codeId: string };
  /** A wrong or expired code tried: which code, the failures in a row, whether the signatory is now locked. */
  INVALID_OTP: {
    reason: OtpFailure;
    codeId: string | null;
    failures: number | null;
    locked: boolean;
  };
  /** Reminders sent to the signatories who have not signed, by the member or automatically. */
  SEND_REMINDER: { automatic: boolean; signatories: string[] };
  /** A signatory signed: the evidence of their act (what they received, where, consents, certificate). */
  SIGN_DOCUMENT: SignDocumentDetails;
  /** The final document sealed: the SHA-256 of the sealed file. */
  SEAL: { finalSha256: string };
  /** The document's bytes sent to a signing link: their hash and size, and whether the last byte left. */
  DELIVER_DOCUMENT: {
    signatoryId: string;
    deliveryId: string;
    documentSha256: string;
    bytes: number;
    /** The working revision sent, or null for the sealed document. */
    revision: number | null;
    /** The sealed document rather than a revision to sign. */
    final: boolean;
    /** The last byte was handed to the network (false: the client went away before). */
    complete: boolean;
  };
  /** The signing page reported rendering the document: the hash of the bytes it rendered, their page count. */
  VIEW_DOCUMENT: {
    signatoryId: string;
    deliveryId: string;
    documentSha256: string;
    /** The bytes rendered are the revision the signatory would sign now. */
    current: boolean;
    pageCount: number;
    /** When the page says it rendered them (its own clock). */
    renderedAt: string;
  };
  /** A signatory declined to sign, with their reason and their page's language. */
  DECLINE: { signatoryId: string; reason: string; language: Locale | null };
  /** The expiry date passed before everyone signed: the date, and how many of how many had signed. */
  EXPIRE: { expiresAt: string; signed: number; signatories: number };
  /** The member moved the expiry date this many days later. */
  EXTEND: { previousExpiresAt: string; expiresAt: string; days: number };
  /**
   * A manager put another person of the agency in charge of the request: who was (null: nobody, their
   * account deleted) and who now is, with the name they had then.
   */
  ASSIGN: { previousAssigneeId: string | null; assigneeId: string; assigneeName: string };
  /**
   * A signatory sent to the qualified provider: to sign in (`sign-in`), then to authorise the hash of their
   * signature (`signature`, with the certificate chosen and the hash).
   */
  QUALIFIED_AUTHORISATION: {
    signatoryId: string;
    step: QualifiedStep;
    provider: string;
    transactionId: string;
    certificateSubject?: string;
    certificateIssuer?: string;
    certificateSerial?: string;
    toBeSignedSha256?: string;
  };
  /** A qualified signature did not complete: why, in which round trip. */
  QUALIFIED_FAILED: { signatoryId: string; reason: QualifiedFailure; transactionId: string };
}

/** The details one event records. */
export type AuditDetails<E extends AuditEventType> = AuditDetailsMap[E];

/**
 * The details of an event as read back: every field may be missing, since an older version may have recorded
 * the event before the field was added to it (CREATE's `expiresAt`, DELIVER_DOCUMENT's `final`...). A
 * field present has its declared type (`isAuditEvent` checks).
 */
export type StoredAuditDetails<E extends AuditEventType> = Partial<AuditDetails<E>>;

/** An event of the trail whose details were checked by `isAuditEvent`, to be read by their names. */
export type AuditEventOf<E extends AuditEventType> = Omit<AuditEventView, 'event' | 'details'> & {
  event: E;
  details: StoredAuditDetails<E>;
};

/** Any event of the trail whose details were checked, to be narrowed by a switch on `event`. */
export type RecordedAuditEvent = { [E in AuditEventType]: AuditEventOf<E> }[AuditEventType];

/** An event that records nothing besides itself. */
export type NoDetails = Record<string, never>;

/** CREATE and UPDATE: the request's content and its signatories. */
export type RequestContentDetails = {
  title: string;
  documentName: string;
  documentSha256: string;
  signingMode: SigningMode;
  signingFlow: SigningFlow;
  expiresAt: string;
  signatories: {
    order: number;
    name: string;
    email: string;
    mobile: string;
    role?: string;
    party?: string;
  }[];
};

/** The consents ticked at the identity step, with the version of their texts and when they were accepted. */
export type SignatureConsents = Record<SigningConsent, boolean> & { textVersion: string; acceptedAt: string };

/** SIGN_DOCUMENT: what every signature records, then what ADVANCED and QUALIFIED ones add. */
export type SignDocumentDetails = {
  signatoryId: string;
  signingMode: SigningMode;
  /** The normalised document the request was made with. */
  documentSha256: string;
  /** The link's last complete delivery of the document before signing, and the hash of what it sent. */
  deliveryId: string;
  deliveredSha256: string;
  location: string;
  consents: SignatureConsents;
  phone: string;
  /** ADVANCED and QUALIFIED: the signature's certificate. */
  certificateSerial?: string;
  certificateFingerprint?: string;
  /** ADVANCED and QUALIFIED: the revision the signature made, and the one it was applied to. */
  signedRevisionSha256?: string;
  previousRevisionSha256?: string;
  /** QUALIFIED: the provider, the round trip, and whose clock time-stamped the signature. */
  provider?: string;
  transactionId?: string;
  signatureTimestampBy?: SignatureTimestamper;
};

/** Why a one-time code was refused. */
export const OTP_FAILURES = ['wrong', 'expired'] as const;
export type OtpFailure = (typeof OTP_FAILURES)[number];

/** The two trips to the qualified provider: signing in, then authorising the signature's hash. */
export const QUALIFIED_STEPS = ['sign-in', 'signature'] as const;
export type QualifiedStep = (typeof QUALIFIED_STEPS)[number];

/** Why a qualified signature did not complete; each is said to the signatory and recorded in the audit trail. */
export const QUALIFIED_FAILURES = [
  'cancelled',
  'unavailable',
  'refused',
  'not_qualified',
  'invalid_signature',
  'document_changed',
  'expired',
  'invalid_state',
] as const;
export type QualifiedFailure = (typeof QUALIFIED_FAILURES)[number];

/** Whose time-stamp a qualified signature carries: the provider's, or the platform's when it offers none. */
export const SIGNATURE_TIMESTAMPERS = ['provider', 'platform'] as const;
export type SignatureTimestamper = (typeof SIGNATURE_TIMESTAMPERS)[number];
