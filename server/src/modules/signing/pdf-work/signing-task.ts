import type { SignatureSize } from '@esign/shared';
import type { EvidenceInput, SignatoryKeySettings, VisibleBlock } from '@esign/pdf-signing';

/** A PKCS#12 file the worker opens itself: a path and its password, never key material. */
export interface Pkcs12Location {
  path: string;
  password: string;
  /** PEM certificates completing the chain when the file does not carry it. */
  trustBundlePath?: string;
}

/**
 * How a signing worker finds its keys. Private keys never cross threads: the worker loads them from
 * these files (the development PKI directory, or the configured PKCS#12 files) and they die with it.
 */
export interface WorkerPkiDescriptor {
  seal: { kind: 'development'; directory: string } | ({ kind: 'pkcs12' } & Pkcs12Location);
  /** The CA that issues signatory certificates for ADVANCED signatures, when there is one. */
  signatoryCa:
    { kind: 'development'; directory: string } | ({ kind: 'pkcs12' } & Pkcs12Location) | { kind: 'none' };
  /** RFC 3161 over HTTP; without it, the development time-stamp authority of the PKI directory. */
  timestampAuthorityUrl?: string;
  /** The key type of signatory certificates, and how many keys the worker makes ahead. */
  signatoryKeys: SignatoryKeySettings;
}

export interface AdvancedSignTask {
  kind: 'advanced-sign';
  pdf: Uint8Array;
  signatoryName: string;
  signatureSize: SignatureSize;
  block: VisibleBlock;
  reason: string;
  location: string;
  signingTime: Date;
}

/** The seal: the evidence update (blocks, audit pages, event log), then the seal's signature over it all. */
export interface SealTask extends EvidenceInput {
  kind: 'seal';
  pdf: Uint8Array;
  seal: EvidenceInput['seal'] & {
    /** The 380 × 114 stamp image (PNG). */
    stamp: Uint8Array;
    name: string;
    reason: string;
    signingTime: Date;
  };
}

export type SigningTask = AdvancedSignTask | SealTask;

export interface AdvancedSignResult {
  pdf: Uint8Array;
  certificateSerial: string;
  certificateFingerprint: string;
  /** Characters of the block no embedded font could draw (e.g. CJK): shown as empty boxes. */
  missingCharacters: string;
}

export interface SealResult {
  pdf: Uint8Array;
  /** Facts for the log, e.g. a certificate without any CRL distribution point. */
  notes: string[];
}

export interface SigningTaskResults {
  'advanced-sign': AdvancedSignResult;
  seal: SealResult;
}

export type SigningTaskReply<K extends SigningTask['kind']> =
  { ok: true; result: SigningTaskResults[K] } | { ok: false; error: { name: string; message: string } };
