import { type Locale } from './locales';

/**
 * Every error the API can answer with. The HTTP status of each code is fixed in
 * `ERROR_STATUS`, so the server filter and the front ends read the same table.
 * Messages sent with a code are translation keys (`errors.<code>`), never prose.
 */
export enum ErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  BAD_REQUEST = 'BAD_REQUEST',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  FORBIDDEN = 'FORBIDDEN',
  ACCOUNT_DISABLED = 'ACCOUNT_DISABLED',
  GDPR_CONSENT_REQUIRED = 'GDPR_CONSENT_REQUIRED',
  NOT_FOUND = 'NOT_FOUND',
  CONFLICT = 'CONFLICT',
  EMAIL_ALREADY_USED = 'EMAIL_ALREADY_USED',
  /** An administrator tried to deactivate, reactivate or delete their own account. */
  SELF_ACTION_FORBIDDEN = 'SELF_ACTION_FORBIDDEN',
  /** Only a deactivated account may be deleted. */
  USER_NOT_DISABLED = 'USER_NOT_DISABLED',
  /** An agency always keeps an active manager: its last one cannot be deactivated, deleted or made an agent. */
  LAST_AGENCY_MANAGER = 'LAST_AGENCY_MANAGER',
  /** A person who created requests stays in the agency's records: they can be deactivated, not deleted. */
  STAFF_HAS_REQUESTS = 'STAFF_HAS_REQUESTS',
  /** The upload was not found or is not what was asked for (e.g. not a PNG/JPEG image). */
  INVALID_UPLOAD = 'INVALID_UPLOAD',
  /** The identity provider refused or failed the call. */
  IDENTITY_PROVIDER_ERROR = 'IDENTITY_PROVIDER_ERROR',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
  /**
   * An upload address takes one file: bytes were already received through it, or its upload was checked.
   * The member asks for a new address.
   */
  UPLOAD_URL_USED = 'UPLOAD_URL_USED',
  /**
   * The member's documents and pending uploads would take more than their storage quota; the body carries
   * `usedBytes` and `limitBytes`.
   */
  STORAGE_QUOTA_EXCEEDED = 'STORAGE_QUOTA_EXCEEDED',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  LINK_EXPIRED = 'LINK_EXPIRED',
  /** The bytes are not a PDF, whatever the file's name or declared type. */
  NOT_A_PDF = 'NOT_A_PDF',
  /** The PDF could not be read: truncated, malformed, too deeply nested or too costly to parse. */
  INVALID_PDF = 'INVALID_PDF',
  /** The PDF needs a password to open. */
  PDF_ENCRYPTED = 'PDF_ENCRYPTED',
  /** The PDF opens without a password, but its author's permissions forbid changing it (signing is one). */
  PDF_CHANGES_FORBIDDEN = 'PDF_CHANGES_FORBIDDEN',
  /** The PDF already carries a digital signature. */
  PDF_ALREADY_SIGNED = 'PDF_ALREADY_SIGNED',
  /** More pages than the product accepts (MAX_PDF_PAGES). */
  PDF_TOO_MANY_PAGES = 'PDF_TOO_MANY_PAGES',
  /** A PDF handed to verification holds more signatures than are examined (MAX_VERIFIED_SIGNATURES). */
  PDF_TOO_MANY_SIGNATURES = 'PDF_TOO_MANY_SIGNATURES',
  /** The request can no longer be changed or cancelled (someone signed, or it is finished). */
  DOCUMENT_NOT_EDITABLE = 'DOCUMENT_NOT_EDITABLE',
  /** The signed document is not ready yet. */
  DOCUMENT_NOT_READY = 'DOCUMENT_NOT_READY',
  /** A reminder was sent recently; the body carries `retryAfter` in milliseconds. */
  REMINDER_TOO_EARLY = 'REMINDER_TOO_EARLY',
  /** The one-time code is wrong ("Incorrect code provided"). */
  OTP_INVALID = 'OTP_INVALID',
  /** No usable code: expired, already used, replaced by a newer one, or burned by wrong tries. */
  OTP_EXPIRED = 'OTP_EXPIRED',
  /** A code was sent less than 2 minutes ago; `retryAfter` in milliseconds. */
  OTP_TOO_SOON = 'OTP_TOO_SOON',
  /** Too many codes sent to this signatory or phone today; `retryAfter` in milliseconds. */
  OTP_DAILY_LIMIT = 'OTP_DAILY_LIMIT',
  /** Too many wrong codes: signing is blocked until the sender re-sends the invitation. */
  SIGNATORY_LOCKED = 'SIGNATORY_LOCKED',
  /** In a sequential flow, earlier signatories have not signed yet. */
  NOT_YOUR_TURN = 'NOT_YOUR_TURN',
  /** This signatory has already signed. */
  ALREADY_SIGNED = 'ALREADY_SIGNED',
  /**
   * No code is sent, and nothing is signed, before the signing link has received the complete current
   * document (`GET /api/signatures/{id}/document?key=`) and the page has reported displaying those very
   * bytes (`POST /api/signatures/{id}/viewed?key=`); in a sequence, the revision with the earlier
   * signatures. The page loads and displays the document again.
   */
  DOCUMENT_NOT_DELIVERED = 'DOCUMENT_NOT_DELIVERED',
  /** A signatory declined to sign: the request is closed and its links show only that. */
  REQUEST_DECLINED = 'REQUEST_DECLINED',
  /** The request's expiry date has passed: it can no longer be signed or declined. */
  REQUEST_EXPIRED = 'REQUEST_EXPIRED',
  /** Only a price list whose first day (Luxembourg time) has not begun may be deleted. */
  PRICE_LIST_ALREADY_EFFECTIVE = 'PRICE_LIST_ALREADY_EFFECTIVE',
  TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS',
  DB_UNAVAILABLE = 'DB_UNAVAILABLE',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}

export const ERROR_STATUS: Record<ErrorCode, number> = {
  [ErrorCode.VALIDATION_FAILED]: 422,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.ACCOUNT_DISABLED]: 403,
  [ErrorCode.GDPR_CONSENT_REQUIRED]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.EMAIL_ALREADY_USED]: 409,
  [ErrorCode.SELF_ACTION_FORBIDDEN]: 403,
  [ErrorCode.USER_NOT_DISABLED]: 409,
  [ErrorCode.LAST_AGENCY_MANAGER]: 409,
  [ErrorCode.STAFF_HAS_REQUESTS]: 409,
  [ErrorCode.INVALID_UPLOAD]: 422,
  [ErrorCode.IDENTITY_PROVIDER_ERROR]: 502,
  [ErrorCode.FILE_TOO_LARGE]: 413,
  [ErrorCode.UPLOAD_URL_USED]: 409,
  [ErrorCode.STORAGE_QUOTA_EXCEEDED]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.LINK_EXPIRED]: 410,
  [ErrorCode.NOT_A_PDF]: 415,
  [ErrorCode.INVALID_PDF]: 422,
  [ErrorCode.PDF_ENCRYPTED]: 422,
  [ErrorCode.PDF_CHANGES_FORBIDDEN]: 422,
  [ErrorCode.PDF_ALREADY_SIGNED]: 422,
  [ErrorCode.PDF_TOO_MANY_PAGES]: 422,
  [ErrorCode.PDF_TOO_MANY_SIGNATURES]: 422,
  [ErrorCode.DOCUMENT_NOT_EDITABLE]: 409,
  [ErrorCode.DOCUMENT_NOT_READY]: 409,
  [ErrorCode.REMINDER_TOO_EARLY]: 429,
  [ErrorCode.OTP_INVALID]: 400,
  [ErrorCode.OTP_EXPIRED]: 400,
  [ErrorCode.OTP_TOO_SOON]: 429,
  [ErrorCode.OTP_DAILY_LIMIT]: 429,
  [ErrorCode.SIGNATORY_LOCKED]: 423,
  [ErrorCode.NOT_YOUR_TURN]: 409,
  [ErrorCode.ALREADY_SIGNED]: 409,
  [ErrorCode.DOCUMENT_NOT_DELIVERED]: 409,
  [ErrorCode.REQUEST_DECLINED]: 410,
  [ErrorCode.REQUEST_EXPIRED]: 410,
  [ErrorCode.PRICE_LIST_ALREADY_EFFECTIVE]: 409,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.DB_UNAVAILABLE]: 503,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.INTERNAL]: 500,
};

/** The fields an error body may carry besides its code, message and per-field keys: each declared once. */
export interface ErrorExtraFields {
  /** Milliseconds before the call may be repeated, for 429s. */
  retryAfter: number;
  /** REMINDER_TOO_EARLY: when the member may send the next reminder (ISO). */
  nextReminderAvailability: string;
  /** STORAGE_QUOTA_EXCEEDED: what the member's documents and pending uploads take, in bytes. */
  usedBytes: number;
  /** STORAGE_QUOTA_EXCEEDED: the member's quota, in bytes. */
  limitBytes: number;
  /** REQUEST_DECLINED and REQUEST_EXPIRED: when the request was declined, or its deadline (ISO). */
  closedAt: string;
  /** REQUEST_DECLINED and REQUEST_EXPIRED: the request's language, for the page that says so. */
  language: Locale;
  /** REQUEST_DECLINED: whether the link's own signatory is the one who declined. */
  declinedByYou: boolean;
  /** OTP_INVALID: how many more tries the code allows (0: it can no longer be used). */
  attemptsLeft: number;
  /** OTP_EXPIRED: the latest code was used up by wrong tries, rather than expired or replaced. */
  usedUpByWrongCodes: true;
}

/**
 * What an error of each code carries besides its code, message and per-field keys (the third argument of
 * the server's `AppException`, read back by `readApiError`). A code not listed carries nothing more.
 */
export interface ErrorExtras {
  [ErrorCode.STORAGE_QUOTA_EXCEEDED]: Pick<ErrorExtraFields, 'usedBytes' | 'limitBytes'>;
  [ErrorCode.REMINDER_TOO_EARLY]: Pick<ErrorExtraFields, 'retryAfter' | 'nextReminderAvailability'>;
  [ErrorCode.OTP_TOO_SOON]: Pick<ErrorExtraFields, 'retryAfter'>;
  [ErrorCode.OTP_DAILY_LIMIT]: Pick<ErrorExtraFields, 'retryAfter'>;
  [ErrorCode.OTP_INVALID]: Pick<ErrorExtraFields, 'attemptsLeft'>;
  [ErrorCode.OTP_EXPIRED]: Pick<ErrorExtraFields, 'usedUpByWrongCodes'>;
  [ErrorCode.REQUEST_DECLINED]: Pick<ErrorExtraFields, 'closedAt' | 'language' | 'declinedByYou'>;
  [ErrorCode.REQUEST_EXPIRED]: Pick<ErrorExtraFields, 'closedAt' | 'language'>;
  [ErrorCode.TOO_MANY_REQUESTS]: Pick<ErrorExtraFields, 'retryAfter'>;
  [ErrorCode.SERVICE_UNAVAILABLE]: Pick<ErrorExtraFields, 'retryAfter'>;
}

/**
 * The codes whose errors always carry their extras: the front ends rely on them (a countdown, a quota, the
 * tries left, the closed request's page). REQUEST_EXPIRED and OTP_EXPIRED carry theirs only where they apply,
 * and a 429 or 503 its wait when the product knows it (the Retry-After header says it too).
 */
export type ErrorCodeWithExtras = Exclude<
  keyof ErrorExtras,
  | ErrorCode.REQUEST_EXPIRED
  | ErrorCode.OTP_EXPIRED
  | ErrorCode.TOO_MANY_REQUESTS
  | ErrorCode.SERVICE_UNAVAILABLE
>;

/** The extras of one code (never for a code without any, or for a choice of several codes). */
export type ErrorExtra<C extends ErrorCode> =
  IsUnion<C> extends true ? never : C extends keyof ErrorExtras ? ErrorExtras[C] : never;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** The body of every error the API answers with. */
export interface ApiErrorBody extends Partial<ErrorExtraFields> {
  statusCode: number;
  code: ErrorCode;
  /** A translation key, e.g. `errors.NOT_FOUND`. */
  message: string;
  /** Per-field translation keys, for 422 (and 409 on a duplicate e-mail). */
  errors?: Record<string, string>;
  /** Correlation id of the request, for 500s. */
  requestId?: string;
}

export function errorMessageKey(code: ErrorCode): string {
  return `errors.${code}`;
}
