import { type SigningPageData } from '@esign/shared';

export type SigningRequestResult =
  | { kind: 'found'; request: SigningPageData }
  /** Unknown, cancelled or wrong key: the API does not say which, and neither do we. */
  | { kind: 'nothingToSign' }
  | { kind: 'failed' };
