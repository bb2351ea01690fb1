/** What is time-stamped: the digest of the data, never the data itself (RFC 3161 §2.4.1). */
export interface TimestampImprint {
  /** Dotted OID of the digest algorithm, e.g. 2.16.840.1.101.3.4.2.1 for SHA-256. */
  hashAlgorithmOid: string;
  hashedMessage: Buffer;
}

/**
 * Obtains RFC 3161 time-stamp tokens: the embedded authority in development, a qualified TSA over
 * HTTP in production. Used for PAdES signature time-stamps (B-T) and document time-stamps (B-LTA).
 */
export interface TimestampAuthority {
  /** The DER TimeStampToken (a CMS ContentInfo) whose TSTInfo carries exactly this imprint. */
  timestamp(imprint: TimestampImprint): Promise<Buffer>;
}

export const TIMESTAMP_AUTHORITY = Symbol('TimestampAuthority');

/** A time-stamp could not be obtained or was not acceptable. Safe to log: it holds no secret. */
export class TimestampAuthorityError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TimestampAuthorityError';
  }
}
