/** The signing data `GET /api/signatures/{signatureId}?key=` answers with (spec §3). */
export interface SigningRequestView {
  signatureId: string;
  signatureTitle: string;
  documentName: string;
  documentUrl?: string;
  status: string;
  signatory?: {
    signatoryFullName: string;
    signatoryMobile: string;
    signatorySigningStatus: string;
  };
}

export type SigningRequestResult =
  | { kind: 'found'; request: SigningRequestView }
  /** Unknown, cancelled or finished: the API does not say which, and neither do we. */
  | { kind: 'nothingToSign' }
  | { kind: 'failed' };
