import { createSignedData } from '../pki/cms-signed-data';
import { OID } from '../pki/oids';
import type { SigningIdentity } from '../pki/pki-material';
import type { TimestampAuthority } from '../pki/timestamp-authority';
import {
  writeAppearance,
  writeEmptyAppearance,
  type AppearanceReport,
  type SignatureAppearance,
} from './appearance/appearance-stream';
import { IncrementalUpdate } from './incremental-update';
import { readRevision, revisionBytes, type PdfRevision } from './pdf-revision';
import { dateString, textString, type PdfRef } from './pdf-syntax';
import { addSignatureField } from './signature-field';
import { signatureDictionary, writeSignedUpdate } from './signature-placeholder';

export type PdfSigner = Pick<SigningIdentity, 'certificateDer' | 'chainDer' | 'privateKey'>;

export interface SignPdfOptions {
  signer: PdfSigner;
  /** Adds a signature time-stamp to the CMS: PAdES B-T. */
  timestampAuthority?: TimestampAuthority;
  /** Default: the first free "SignatureN". */
  fieldName?: string;
  /** The claimed signing time, written in /M. Default: now. */
  signingTime?: Date;
  /** /Name: the signer's name as shown by viewers. */
  name?: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** Visible signature; without it the widget is invisible, on `invisiblePageIndex` (default 0). */
  appearance?: SignatureAppearance;
  invisiblePageIndex?: number;
  /** Bytes reserved for the CMS; estimated from the certificates and the time-stamp authority by default. */
  reservedBytes?: number;
}

export interface SignPdfResult {
  pdf: Buffer;
  fieldName: string;
  /** For a visible signature: the fonts used and the characters none of them could draw. */
  appearance?: AppearanceReport;
}

export interface SignedRevision extends Omit<SignPdfResult, 'pdf'> {
  /** The signed revision, ready for another update. */
  revision: PdfRevision;
  /** The CMS SignedData embedded in /Contents. */
  cms: Buffer;
}

const SIGNATURE_VALUE_ALLOWANCE = 1024;
const TIMESTAMP_TOKEN_ALLOWANCE = 8 * 1024;
const STRUCTURE_ALLOWANCE = 2048;

/**
 * PAdES baseline B-B (or B-T with a time-stamp authority) signature in one incremental update:
 * `pdf`'s bytes are kept as they are and followed by the signature field, its widget and appearance,
 * the signature dictionary and a cross-reference section.
 */
export async function signPdf(pdf: Buffer, options: SignPdfOptions): Promise<Buffer> {
  return (await signPdfWithReport(pdf, options)).pdf;
}

export async function signPdfWithReport(pdf: Buffer, options: SignPdfOptions): Promise<SignPdfResult> {
  const { revision, cms: _cms, ...report } = await signRevision(await readRevision(pdf), options);
  return { pdf: revisionBytes(revision), ...report };
}

/** The same signature on a revision already read (or made by an earlier update in memory). */
export async function signRevision(revision: PdfRevision, options: SignPdfOptions): Promise<SignedRevision> {
  const signingTime = options.signingTime ?? new Date();
  let fieldName = '';
  let report: AppearanceReport | undefined;
  const certificates = [options.signer.certificateDer, ...options.signer.chainDer];
  const signed = await writeSignedUpdate(
    {
      build: (reservedBytes) => {
        const built = buildUpdate(revision, options, signingTime, reservedBytes);
        fieldName = built.fieldName;
        report = built.report;
        return built;
      },
      sign: (coveredDigest) =>
        createSignedData({
          contentType: OID.data,
          contentSha256: coveredDigest,
          encapsulate: false,
          signer: options.signer,
          certificatesDer: certificates,
          signatureTimestampAuthority: options.timestampAuthority,
        }),
    },
    options.reservedBytes ?? estimateSignatureSize(certificates, options.timestampAuthority !== undefined),
  );
  return { revision: signed.revision, cms: signed.der, fieldName, appearance: report };
}

export function buildUpdate(
  revision: PdfRevision,
  options: Omit<SignPdfOptions, 'signer'>,
  signingTime: Date,
  reservedBytes: number,
): { update: IncrementalUpdate; signature: PdfRef; fieldName: string; report?: AppearanceReport } {
  const update = new IncrementalUpdate(revision);
  // The signature dictionary goes first: nothing of the update precedes it in the file.
  const signature = update.allocate();
  update.put(
    signature,
    signatureDictionary('signature', reservedBytes, {
      M: dateString(signingTime),
      Name: optionalText(options.name),
      Reason: optionalText(options.reason),
      Location: optionalText(options.location),
      ContactInfo: optionalText(options.contactInfo),
    }),
  );
  const visible = options.appearance ? writeAppearance(update, options.appearance) : undefined;
  const fieldName = addSignatureField(update, {
    signature,
    appearance: visible?.xobject ?? writeEmptyAppearance(update),
    pageIndex: options.appearance?.pageIndex ?? options.invisiblePageIndex ?? 0,
    rect: options.appearance?.rect,
    fieldName: options.fieldName,
  });
  return { update, signature, fieldName, report: visible?.report };
}

function optionalText(value: string | undefined): ReturnType<typeof textString> | undefined {
  return value === undefined ? undefined : textString(value);
}

export function estimateSignatureSize(certificates: Buffer[], timestamped: boolean): number {
  const certificateBytes = certificates.reduce((sum, der) => sum + der.length, 0);
  return (
    certificateBytes +
    SIGNATURE_VALUE_ALLOWANCE +
    STRUCTURE_ALLOWANCE +
    (timestamped ? TIMESTAMP_TOKEN_ALLOWANCE : 0)
  );
}
