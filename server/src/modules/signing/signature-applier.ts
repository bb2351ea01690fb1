import { type Locale, type SignatureSize } from '@esign/shared';
import { type BoxPlacement } from '@esign/pdf-signing';

export interface AdvancedSignatureInput {
  requestId: string;
  /** The revision to sign (its storage key and hash) and the number the new one will carry. */
  currentDocumentKey: string;
  currentDocumentSha256: string;
  nextRevision: number;
  /** Where the block goes: a party's frame, or a corner and slot (see blockPlacement). */
  signatory: { id: string; name: string; role: string | null; placement: BoxPlacement };
  signatureSize: SignatureSize;
  location: string;
  signingTime: Date;
  language: Locale;
}

export interface AdvancedSignatureResult {
  revisionKey: string;
  revisionSha256: string;
  certificateSerial: string;
  certificateFingerprint: string;
}

/**
 * Applies an ADVANCED signature: a key pair and a short-lived certificate issued for this signatory and this
 * signature, a PAdES incremental update of the current revision, the key destroyed. The built-in CA is the
 * embedded adapter; a Cloud Signature Consortium provider is the production one.
 */
export interface SignatureApplier {
  applyAdvancedSignature(input: AdvancedSignatureInput): Promise<AdvancedSignatureResult>;
}

export const SIGNATURE_APPLIER = Symbol('SignatureApplier');
