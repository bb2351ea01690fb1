import type { SignatureSize } from '@esign/shared';
import { type SignatoryKeySettings } from '../../pki';
import type { AuditDocument } from './audit-report';
import type { PageArea } from './page-geometry';
import type { BoxPlacement } from './signature-box';

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

/** A visible block: which page corner, and the lines it shows. */
export interface VisibleBlock {
  placement: BoxPlacement;
  lines: string[];
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

export interface SealTask {
  kind: 'seal';
  pdf: Uint8Array;
  /** The audit pages' content, already in the request's language. */
  audit: AuditDocument;
  /** The hash-chained event log, attached as a JSON file. */
  attachment: { fileName: string; description: string; json: string; createdAt: Date };
  /** SIMPLE requests: each signatory's block, drawn into the page content before the seal. */
  simpleBlocks: VisibleBlock[];
  signatureSize: SignatureSize;
  seal: {
    /** 1-based. */
    page: number;
    size: SignatureSize;
    /** The 380 × 114 stamp image (PNG). */
    stamp: Uint8Array;
    name: string;
    reason: string;
    signingTime: Date;
    /** Signature blocks already on the document, which the stamp must not cover. */
    avoid: BoxPlacement[];
    /** A generated document's area for the seal, and its frames and boxes, which the stamp must not cover. */
    area?: PageArea;
    keepClear?: PageArea[];
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
