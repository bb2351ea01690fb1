import { type Locale } from './locales';
import { type SigningMode, type SigningFlow } from './signatures';

/** One-time codes: 8 characters of Crockford's base 32 (no I, L, O, U), 40 bits. */
export const OTP_LENGTH = 8;
export const OTP_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A new code may be sent 2 minutes after the last one. */
export const OTP_RESEND_MS = 2 * 60_000;
export const OTP_VALIDITY_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS_PER_CODE = 5;
export const OTP_MAX_FAILURES_BEFORE_LOCK = 10;
export const LOCATION_MIN_LENGTH = 3;
export const LOCATION_MAX_LENGTH = 120;
export const SIGNING_POLL_UPDATING_MS = 2_000;
export const SIGNING_POLL_SIGNED_MS = 20_000;

/** Upper-cases and keeps only alphabet characters, mapping look-alikes as Crockford does (O→0, I/L→1). */
export function normalizeOtpInput(input: string): string {
  return input
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
    .split('')
    .filter((char) => OTP_ALPHABET.includes(char))
    .join('')
    .slice(0, OTP_LENGTH);
}

export function isCompleteOtp(code: string): boolean {
  return code.length === OTP_LENGTH && [...code].every((char) => OTP_ALPHABET.includes(char));
}

/** Capitalises the first letter of a location as typed. */
export function capitalizeFirst(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The status the signing page knows: the member side's CANCELLED is CANCEL there. */
export type SigningPageStatus = 'IN_PROGRESS' | 'UPDATING_DOCUMENT' | 'SIGNED' | 'CANCEL';

/** The four consents of the identity step, all required. */
export const SIGNING_CONSENTS = [
  'termsAndPrivacy',
  'phoneNumberOwnership',
  'documentConsent',
  'legalParagraph',
] as const;
export type SigningConsent = (typeof SIGNING_CONSENTS)[number];

/** `GET /api/signatures/{id}?key=`: what the signing page shows. */
export interface SigningPageData {
  signatureId: string;
  signatureTitle: string;
  documentName: string;
  /**
   * The signing link's own address of the document as it stands (the final one once SIGNED), relative to the
   * API's origin: `/api/signatures/{id}/document?key=…`. Every delivery through it is recorded.
   */
  documentUrl: string;
  status: SigningPageStatus;
  signingMode: SigningMode;
  signingFlow: SigningFlow;
  language: Locale;
  senderName: string;
  signatory: {
    signatoryFullName: string;
    signatoryMobile: string;
    signatorySigningStatus: 'SIGNED' | 'NOT_SIGNED';
    /** False while, in a SEQUENCE flow, earlier signatories have not signed. */
    isTurn: boolean;
  };
  /** When a new code may be requested (ISO), or null. */
  nextOtpAllowedAt: string | null;
  /** After this instant the request can no longer be signed (ISO). */
  expiresAt: string;
}

/**
 * `POST /api/signatures/{id}/viewed?key=`: the signing page rendered the document. The SHA-256 is of the
 * bytes the viewer rendered, which must be bytes this link received.
 */
export interface DocumentViewedPayload {
  documentSha256: string;
  pageCount: number;
  /** The page's own clock when the first page was painted (ISO); recorded as given, beside the server's. */
  renderedAt: string;
  /** The page's language, used for what is sent to the signatory from then on. */
  language?: Locale;
}

/** `POST /api/signatures/{id}/decline?key=`: the signatory declines to sign. */
export interface DeclinePayload {
  /** 3 to 500 characters, shown to the sender. */
  reason: string;
  language?: Locale;
}

/** `POST /api/signatures/{id}/otp?key=`. */
export interface SignPayload {
  code: string;
  location: string;
  phoneNumber: string;
  consents?: Partial<Record<SigningConsent, boolean>>;
}

/** `GET /api/signatures/{id}/otp?key=&language=`: the code SMS is in `language`, else the request's. */
export interface OtpSentResponse {
  /** When the next code may be requested (ISO). */
  nextOtpAllowedAt: string;
  expiresAt: string;
}

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

/** One signature of a verified PDF. */
export interface VerifiedSignatureView {
  /** seal: the chamber's seal; timestamp: a document time-stamp; signature: anyone else's. */
  kind: 'signature' | 'seal' | 'timestamp';
  signer: string | null;
  signedAt: string | null;
  /** Intact and chaining to a root this platform trusts. */
  valid: boolean;
  intact: boolean;
  trusted: boolean;
  level: PadesLevel | null;
  /** Who issued the signer's certificate (its organisation), for signatures and seals. */
  issuer?: string | null;
  /**
   * What the signer's certificate claims of itself (ETSI QcStatements): an EU qualified certificate, and a
   * key in a qualified signature creation device. Claims only: the EU trusted lists say whether the issuer
   * is a qualified trust-service provider. Absent for time-stamps and unreadable signatures.
   */
  qualified?: { certificate: boolean; qscd: boolean };
  problem?: string;
}

/** `POST /api/verify`: what the platform knows of a PDF. */
export interface VerificationReport {
  signatures: VerifiedSignatureView[];
  /** The file, or an earlier revision of it, is a final document this platform sealed. */
  sealedByPlatform: boolean;
  /** It is exactly that final document, nothing appended. */
  unchangedSinceSeal: boolean;
  /** Whether the request's audit chain verifies, when the document is known. */
  auditChainValid: boolean | null;
  requestTitle?: string;
  sealedAt?: string;
}
