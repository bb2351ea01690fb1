import { X509Certificate } from 'node:crypto';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFString, type PDFObject } from '@cantoo/pdf-lib';
import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { issueCrl, derBytes, derChildren, derElement, OID, type SigningIdentity, x509 } from '../pki';
import { lookupDict, resolve, type PdfRevision, type ValidationData } from '../pades';

const CRL_FETCH_TIMEOUT_MS = 10_000;
const MAX_CRL_BYTES = 20 * 1024 * 1024;

export interface CrlSources {
  /** CAs whose keys this worker holds: they issue a fresh CRL themselves. */
  issuers: SigningIdentity[];
  /** Certificates known besides those in the signatures (chains, roots). */
  extraCertificates: Buffer[];
}

/**
 * B-LT material for the given signatures and time-stamps (the DER of each one's /Contents): all the
 * certificates their CMS structures carry (signatures, signature time-stamps, document time-stamps), the
 * known chains, and a CRL for each issuing CA: issued on the spot by a CA whose key is here, else fetched
 * from the certificate's CRL distribution point. A certificate without any gets no revocation data, and a
 * note says so.
 */
export async function collectValidationData(
  signatures: Buffer[],
  sources: CrlSources,
): Promise<{ data: ValidationData; notes: string[] }> {
  const certificates = unique([...signatures.flatMap(certificatesIn), ...sources.extraCertificates]);
  const notes: string[] = [];
  const crls: Buffer[] = [];
  const fetched = new Set<string>();
  const issuedBy = new Set<SigningIdentity>();
  for (const der of certificates) {
    const certificate = new X509Certificate(der);
    if (isSelfSigned(certificate)) continue;
    const issuer = sources.issuers.find((candidate) => issues(candidate, certificate));
    if (issuer) {
      if (!issuedBy.has(issuer)) crls.push(await issueCrl(issuer));
      issuedBy.add(issuer);
      continue;
    }
    crls.push(...(await fetchCrls(der, certificate.subject, fetched, notes)));
  }
  return { data: { certificates, crls: unique(crls) }, notes };
}

/**
 * The DER in /Contents of each signature of the revision's form (signatures and document time-stamps),
 * read from the parsed fields.
 */
export function signaturesOf(revision: PdfRevision): Buffer[] {
  const found: Buffer[] = [];
  const catalog = lookupDict(revision, revision.catalogRef);
  const acroForm = resolve(revision, catalog.get(PDFName.of('AcroForm')));
  const visit = (item: PDFObject, depth: number): void => {
    const field = resolve(revision, item);
    if (!(field instanceof PDFDict) || depth > MAX_FIELD_DEPTH) return;
    const value = resolve(revision, field.get(PDFName.of('V')));
    const contents = value instanceof PDFDict ? value.get(PDFName.of('Contents')) : undefined;
    const bytes =
      contents instanceof PDFHexString
        ? Buffer.from(contents.asString(), 'hex')
        : contents instanceof PDFString
          ? Buffer.from(contents.asBytes())
          : undefined;
    const der = bytes ? trimmedDer(bytes) : undefined;
    if (der?.length) found.push(der);
    const kids = resolve(revision, field.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (const kid of kids.asArray()) visit(kid, depth + 1);
  };
  const fields =
    acroForm instanceof PDFDict ? resolve(revision, acroForm.get(PDFName.of('Fields'))) : undefined;
  if (fields instanceof PDFArray) for (const field of fields.asArray()) visit(field, 0);
  return found;
}

const MAX_FIELD_DEPTH = 16;

/** The DER in /Contents of each signature dictionary, found through its /ByteRange. */
export function signatureContents(pdf: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let position = pdf.indexOf('/ByteRange');
  while (position >= 0) {
    const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
      pdf.toString('latin1', position, position + 80),
    );
    if (match) {
      const [start, length, next] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const hex = pdf.toString('latin1', start + length + 1, next - 1).replace(/[^0-9a-f]/gi, '');
      const der = trimmedDer(Buffer.from(hex, 'hex'));
      if (der.length) found.push(der);
    }
    position = pdf.indexOf('/ByteRange', position + 1);
  }
  return found;
}

/** The certificates of a CMS SignedData and of the signature time-stamp tokens in its unsigned attributes. */
export function certificatesIn(contentInfoDer: Buffer): Buffer[] {
  try {
    return certificatesInDer(contentInfoDer);
  } catch {
    // Not plain DER (BER with indefinite lengths, say): the full ASN.1 parser reads it.
    return certificatesParsed(contentInfoDer);
  }
}

/** id-aa-signatureTimeStampToken (1.2.840.113549.1.9.16.2.14), as the content of its DER OID. */
const SIGNATURE_TIMESTAMP_OID = Buffer.from('2a864886f70d010910020e', 'hex');

/**
 * The same, reading the DER's tags and lengths only: ContentInfo [0] SignedData, its [0] certificates, and
 * each SignerInfo's [1] unsigned attributes for time-stamp tokens (ContentInfos themselves).
 */
function certificatesInDer(der: Buffer): Buffer[] {
  const contentInfo = derElement(der, 0);
  const [, explicit] = derChildren(der, contentInfo);
  const [signedData] = explicit?.tag === 0xa0 ? derChildren(der, explicit) : [];
  if (!signedData || signedData.tag !== 0x30) throw new Error('not a SignedData');
  const parts = derChildren(der, signedData);
  const certificates = parts.find((part) => part.tag === 0xa0);
  const signerInfos = parts.at(-1);
  if (!signerInfos || signerInfos.tag !== 0x31) throw new Error('no SignerInfos');
  const own = certificates
    ? derChildren(der, certificates)
        .filter((choice) => choice.tag === 0x30)
        .map((certificate) => derBytes(der, certificate))
    : [];
  const tokens = derChildren(der, signerInfos).flatMap((signerInfo) => {
    const unsigned = derChildren(der, signerInfo).find((part) => part.tag === 0xa1);
    if (!unsigned) return [];
    return derChildren(der, unsigned).flatMap((attribute) => {
      const [type, values] = derChildren(der, attribute);
      if (!type || !values || !der.subarray(type.start, type.end).equals(SIGNATURE_TIMESTAMP_OID)) return [];
      return derChildren(der, values).map((value) => derBytes(der, value));
    });
  });
  return [...own, ...tokens.flatMap((token) => certificatesInDer(Buffer.from(token)))];
}

function certificatesParsed(contentInfoDer: Buffer): Buffer[] {
  let signedData: SignedData;
  try {
    signedData = AsnConvert.parse(AsnConvert.parse(contentInfoDer, ContentInfo).content, SignedData);
  } catch {
    return [];
  }
  const own = (signedData.certificates ?? []).flatMap((choice) =>
    choice.certificate ? [Buffer.from(AsnConvert.serialize(choice.certificate))] : [],
  );
  const tokens = signedData.signerInfos.flatMap((signerInfo) =>
    (signerInfo.unsignedAttrs ?? [])
      .filter((attribute) => attribute.attrType === OID.signatureTimestampAttribute)
      .flatMap((attribute) => attribute.attrValues.map((value) => Buffer.from(value))),
  );
  return [...own, ...tokens.flatMap(certificatesIn)];
}

async function fetchCrls(
  der: Buffer,
  subject: string,
  fetched: Set<string>,
  notes: string[],
): Promise<Buffer[]> {
  const urls = distributionPoints(der);
  if (urls.length === 0) {
    notes.push(
      `no CRL distribution point in the certificate of ${oneLine(subject)}: no revocation data added`,
    );
    return [];
  }
  const crls: Buffer[] = [];
  for (const url of urls) {
    if (fetched.has(url)) continue;
    fetched.add(url);
    try {
      crls.push(await fetchCrl(url));
      break;
    } catch (error) {
      notes.push(`the CRL at ${new URL(url).origin} could not be fetched (${describe(error)})`);
    }
  }
  return crls;
}

function distributionPoints(der: Buffer): string[] {
  const extension = new x509.X509Certificate(Uint8Array.from(der)).getExtension(
    x509.CRLDistributionPointsExtension,
  );
  return (extension?.distributionPoints ?? [])
    .flatMap((point) => point.distributionPoint?.fullName ?? [])
    .flatMap((name) => (name.uniformResourceIdentifier ? [name.uniformResourceIdentifier] : []))
    .filter((url) => /^https?:\/\//i.test(url));
}

async function fetchCrl(url: string): Promise<Buffer> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(CRL_FETCH_TIMEOUT_MS),
    redirect: 'follow',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_CRL_BYTES) throw new Error('larger than expected of a CRL');
  // Some CAs publish PEM at their distribution point; the DSS wants DER.
  const pem = /-----BEGIN X509 CRL-----([\s\S]*?)-----END X509 CRL-----/.exec(body.toString('latin1'));
  return pem?.[1] ? Buffer.from(pem[1].replace(/\s/g, ''), 'base64') : body;
}

function issues(issuer: SigningIdentity, certificate: X509Certificate): boolean {
  const candidate = new X509Certificate(issuer.certificateDer);
  return certificate.checkIssued(candidate) && certificate.verify(candidate.publicKey);
}

function isSelfSigned(certificate: X509Certificate): boolean {
  return certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey);
}

/** /Contents is zero-padded after the DER: keep the bytes its outer length says. */
function trimmedDer(bytes: Buffer): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x30) return Buffer.alloc(0);
  const first = bytes[1] ?? 0;
  if (first < 0x80) return bytes.subarray(0, first + 2);
  const lengthBytes = first & 0x7f;
  const length = [...bytes.subarray(2, 2 + lengthBytes)].reduce((sum, byte) => sum * 256 + byte, 0);
  return bytes.subarray(0, Math.min(bytes.length, 2 + lengthBytes + length));
}

function unique(items: Buffer[]): Buffer[] {
  return items.filter((item, index) => items.findIndex((other) => other.equals(item)) === index);
}

function oneLine(text: string): string {
  return text.replace(/\n/g, ', ');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
