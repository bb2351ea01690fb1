import { type Locale, type SigningPageData } from '@esign/shared';

export type SigningRequestResult =
  | { kind: 'found'; request: SigningPageData }
  /** Unknown, cancelled or wrong key: the API does not say which, and neither do we. */
  | { kind: 'nothingToSign' }
  /** A signatory declined: the request is closed (the link holder is told, with when, in its language). */
  | { kind: 'declined'; closedAt: string | null; language: Locale | null; byYou: boolean }
  /** The expiry date passed: nothing can be signed any more. */
  | { kind: 'expired'; closedAt: string | null; language: Locale | null }
  | { kind: 'failed' };
