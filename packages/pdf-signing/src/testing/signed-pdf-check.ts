import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ContentInfo, SignedData, type Attribute } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { runTool } from './system-tools';

/**
 * A signed PDF judged the way a relying party would, by tools that share no code with the signing engine:
 * qpdf for the file's structure and what changed after the last signature, openssl for every CMS signature
 * and time-stamp token against the given trust anchors, and poppler's pdfsig (NSS) for what a viewer shows.
 * The PAdES baseline rules the product promises are checked on top.
 */

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
const LEVELS: readonly PadesLevel[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];

export interface SignedPdfExpectations {
  /** PEM file of the certificates to trust: every signature and time-stamp must chain to one of them. */
  trustAnchors: string;
  /** The exact number of signatures, document time-stamps not counted. */
  signatures?: number;
  /** The PAdES baseline level the file must reach (each level includes the ones before it). */
  level?: PadesLevel;
}

export interface CheckedSignature {
  /** 1-based, in the order the revisions were written. */
  index: number;
  kind: 'signature' | 'document time-stamp';
  subFilter: string;
  byteRange: [number, number, number, number];
  /** openssl's verdict on the CMS (or time-stamp token) over the bytes the ByteRange covers. */
  opensslValid: boolean;
  /** What pdfsig says of it, or undefined when pdfsig does not list it. */
  pdfsig?: { signature: string; certificate?: string };
  signingCertificateV2?: boolean;
  signingTimeAttribute?: boolean;
  /** The RFC 3161 token over the signature value (PAdES B-T), as openssl judged it. */
  signatureTimestamp?: 'verified' | 'refused' | 'absent';
}

export interface SignedPdfCheck {
  ok: boolean;
  signatures: CheckedSignature[];
  problems: string[];
  /** One line per signature, then `OK: …` or `FAIL: …` with every problem. */
  output: string;
}

const OID = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signingTime: '1.2.840.113549.1.9.5',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
};

interface SignatureDictionary {
  byteRange: [number, number, number, number];
  subFilter: string;
  /** The CMS bytes of /Contents without the zero padding after its DER encoding. */
  cms: Buffer;
  /** Offset just after the last byte the ByteRange covers. */
  end: number;
}

/** Checks `file`; never throws for a bad PDF (its problems are listed), only when a tool is missing. */
export function checkSignedPdf(file: string, expectations: SignedPdfExpectations): SignedPdfCheck {
  const problems: string[] = [];
  const signatures: CheckedSignature[] = [];
  const pdf = readFileSync(file);
  const work = mkdtempSync(path.join(tmpdir(), 'signed-pdf-check-'));
  try {
    const structure = runTool('qpdf', ['--check', file]);
    if (structure.status !== 0) {
      const lines = `${structure.stdout}${structure.stderr}`.split('\n').filter((l) => /warn|error/i.test(l));
      problems.push(`qpdf --check exit ${structure.status}: ${lines.slice(0, 3).join(' | ')}`);
    }

    const revisionEnds = revisionEndsOf(pdf);
    const dictionaries = signatureDictionaries(pdf, problems);
    if (dictionaries.length === 0) problems.push('no signature found');
    dictionaries.forEach((dictionary, position) => {
      const checked = checkOne(pdf, dictionary, position + 1, expectations.trustAnchors, work, problems);
      if (!revisionEnds.includes(dictionary.end))
        problems.push(`signature ${checked.index}: its ByteRange does not end where a revision ends`);
      signatures.push(checked);
    });

    const last = dictionaries.at(-1);
    if (last && last.end < pdf.length) checkTail(file, pdf, last.end, work, problems);
    checkWithPdfsig(file, signatures, expectations.trustAnchors, work, problems);
    checkLevel(pdf, file, signatures, expectations.level, problems);
    const count = signatures.filter((s) => s.kind === 'signature').length;
    if (expectations.signatures !== undefined && count !== expectations.signatures)
      problems.push(`expected ${expectations.signatures} signatures, found ${count}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { ok: problems.length === 0, signatures, problems, output: describe(signatures, problems) };
}

/** Offsets just after each `%%EOF` marker and its end-of-line: where a revision (incremental update) ends. */
function revisionEndsOf(pdf: Buffer): number[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/%%EOF(\r\n|\r|\n)?/g)].map((match) => match.index + match[0].length);
}

function signatureDictionaries(pdf: Buffer, problems: string[]): SignatureDictionary[] {
  const text = pdf.toString('latin1');
  const found = new Map<string, SignatureDictionary>();
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const byteRange = match.slice(1, 5).map(Number) as [number, number, number, number];
    const key = byteRange.join(' ');
    if (found.has(key)) continue;
    const [start, firstLength, secondStart, secondLength] = byteRange;
    const gapStart = start + firstLength;
    const label = `signature at ${match.index}`;
    if (start !== 0) problems.push(`${label}: its ByteRange does not start at 0`);
    if (secondStart + secondLength > pdf.length) {
      problems.push(`${label}: its ByteRange reaches beyond the end of the file`);
      continue;
    }
    // The one gap a ByteRange leaves must be exactly this dictionary's /Contents hex string.
    const gap = text.slice(gapStart, secondStart);
    if (!/^<[0-9A-Fa-f]*>$/.test(gap) || !/\/Contents\s*$/.test(text.slice(gapStart - 32, gapStart))) {
      problems.push(`${label}: the bytes its ByteRange leaves out are not its /Contents`);
      continue;
    }
    // The signature dictionary is an indirect object: from its `N G obj` header to its `endobj`.
    const searchFrom = Math.max(0, match.index - 8192);
    const header = lastMatch(text.slice(searchFrom, match.index), /\d+\s+\d+\s+obj\b/g);
    const objectEnd = text.indexOf('endobj', secondStart);
    const dictionary =
      text.slice(header < 0 ? match.index : searchFrom + header, gapStart) +
      text.slice(secondStart, objectEnd < 0 ? secondStart + 8192 : objectEnd);
    const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.#-]+)/.exec(dictionary)?.[1] ?? 'none';
    const cms = derPrefix(Buffer.from(gap.slice(1, -1), 'hex'));
    if (!cms) {
      problems.push(`${label}: /Contents does not hold a DER-encoded CMS`);
      continue;
    }
    found.set(key, { byteRange, subFilter, cms, end: secondStart + secondLength });
  }
  return [...found.values()].sort((a, b) => a.end - b.end);
}

function lastMatch(text: string, pattern: RegExp): number {
  let index = -1;
  for (const match of text.matchAll(pattern)) index = match.index;
  return index;
}

/** The DER SEQUENCE at the start of `bytes` (the rest is the placeholder's zero padding), or undefined. */
function derPrefix(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 2 || bytes[0] !== 0x30) return undefined;
  const first = bytes[1] ?? 0;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const octets = first & 0x7f;
  if (octets === 0 || octets > 4 || bytes.length < 2 + octets) return undefined; // indefinite length is BER
  const length = bytes.subarray(2, 2 + octets).reduce((total, byte) => total * 256 + byte, 0);
  const total = 2 + octets + length;
  return total <= bytes.length && bytes.subarray(total).every((byte) => byte === 0)
    ? bytes.subarray(0, total)
    : undefined;
}

function checkOne(
  pdf: Buffer,
  dictionary: SignatureDictionary,
  index: number,
  trustAnchors: string,
  work: string,
  problems: string[],
): CheckedSignature {
  const [start, firstLength, secondStart, secondLength] = dictionary.byteRange;
  const signedFile = path.join(work, `signed-${index}.bin`);
  const cmsFile = path.join(work, `cms-${index}.der`);
  writeFileSync(
    signedFile,
    Buffer.concat([
      pdf.subarray(start, start + firstLength),
      pdf.subarray(secondStart, secondStart + secondLength),
    ]),
  );
  writeFileSync(cmsFile, dictionary.cms);
  const base = { index, subFilter: dictionary.subFilter, byteRange: dictionary.byteRange };

  let signedData: SignedData;
  try {
    const contentInfo = AsnConvert.parse(dictionary.cms, ContentInfo);
    signedData = AsnConvert.parse(contentInfo.content, SignedData);
  } catch (error) {
    problems.push(`signature ${index}: its CMS cannot be parsed (${(error as Error).message})`);
    return { ...base, kind: 'signature', opensslValid: false };
  }
  const isTimestampToken = signedData.encapContentInfo.eContentType === OID.tstInfo;

  if (dictionary.subFilter === 'ETSI.RFC3161') {
    if (!isTimestampToken) problems.push(`document time-stamp ${index}: its CMS is not a time-stamp token`);
    const verified = verifyTimestamp(signedFile, cmsFile, trustAnchors);
    if (!verified) problems.push(`document time-stamp ${index}: openssl ts -verify failed`);
    return { ...base, kind: 'document time-stamp', opensslValid: verified };
  }

  const verification = runTool('openssl', [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    cmsFile,
    '-content',
    signedFile,
    '-CAfile',
    trustAnchors,
    '-purpose',
    'any',
    '-out',
    path.join(work, `verified-${index}.bin`),
  ]);
  const opensslValid =
    verification.status === 0 &&
    /Verification successful/.test(`${verification.stdout}${verification.stderr}`);
  if (!opensslValid) {
    const reason = `${verification.stderr}${verification.stdout}`.trim().split('\n')[0];
    problems.push(`signature ${index}: openssl cms -verify failed: ${reason}`);
  }
  if (isTimestampToken)
    problems.push(`signature ${index}: a time-stamp token under SubFilter ${dictionary.subFilter}`);
  if (signedData.encapContentInfo.eContent) problems.push(`signature ${index}: the CMS is not detached`);

  const signer = signedData.signerInfos[0];
  if (!signer || signedData.signerInfos.length !== 1) {
    problems.push(`signature ${index}: ${signedData.signerInfos.length} signers in the CMS, not one`);
    return { ...base, kind: 'signature', opensslValid };
  }
  const has = (attributes: Attribute[] | undefined, oid: string) =>
    !!attributes?.some((a) => a.attrType === oid);
  const signingCertificateV2 = has(signer.signedAttrs, OID.signingCertificateV2);
  const signingTimeAttribute = has(signer.signedAttrs, OID.signingTime);
  if (dictionary.subFilter === 'ETSI.CAdES.detached') {
    if (!signingCertificateV2)
      problems.push(`signature ${index}: no signingCertificateV2 attribute (PAdES B-B)`);
    if (signingTimeAttribute)
      problems.push(
        `signature ${index}: a CMS signingTime attribute, which PAdES B-B forbids (the time is in /M)`,
      );
  } else if (dictionary.subFilter !== 'adbe.pkcs7.detached') {
    problems.push(`signature ${index}: unexpected SubFilter ${dictionary.subFilter}`);
  }

  const tokens = (signer.unsignedAttrs ?? []).filter((a) => a.attrType === OID.timeStampToken);
  let signatureTimestamp: CheckedSignature['signatureTimestamp'] = 'absent';
  const token = tokens[0]?.attrValues[0];
  if (token) {
    // RFC 3161 in CAdES: the token's imprint is the digest of the SignerInfo's signature value.
    const valueFile = path.join(work, `signature-value-${index}.bin`);
    const tokenFile = path.join(work, `signature-timestamp-${index}.der`);
    writeFileSync(valueFile, Buffer.from(signer.signature.buffer));
    writeFileSync(tokenFile, Buffer.from(token));
    signatureTimestamp = verifyTimestamp(valueFile, tokenFile, trustAnchors) ? 'verified' : 'refused';
    if (signatureTimestamp === 'refused')
      problems.push(`signature ${index}: openssl ts -verify refused its signature time-stamp`);
  }
  return {
    ...base,
    kind: 'signature',
    opensslValid,
    signingCertificateV2,
    signingTimeAttribute,
    signatureTimestamp,
  };
}

function verifyTimestamp(dataFile: string, tokenFile: string, trustAnchors: string): boolean {
  const result = runTool('openssl', [
    'ts',
    '-verify',
    '-data',
    dataFile,
    '-in',
    tokenFile,
    '-token_in',
    '-CAfile',
    trustAnchors,
  ]);
  return result.status === 0 && /Verification: OK/.test(`${result.stdout}${result.stderr}`);
}

type QpdfObjects = Record<string, unknown>;

/** Every object of the file as qpdf reads it; with `streamData`, each stream's bytes as stored (not decoded). */
function qpdfObjects(file: string, streamData = false): QpdfObjects {
  const result = runTool('qpdf', [
    '--json=2',
    '--json-key=qpdf',
    `--json-stream-data=${streamData ? 'inline' : 'none'}`,
    '--decode-level=none',
    file,
  ]);
  const parsed = JSON.parse(result.stdout) as { qpdf: [unknown, QpdfObjects] };
  return parsed.qpdf[1];
}

/**
 * What follows the last signature may only add validation data (PAdES B-LT): every object of the signed
 * revision must be unchanged, but for the catalog gaining its /DSS entry.
 */
function checkTail(file: string, pdf: Buffer, signedEnd: number, work: string, problems: string[]): void {
  const signedFile = path.join(work, 'last-signed-revision.pdf');
  writeFileSync(signedFile, pdf.subarray(0, signedEnd));
  const before = qpdfObjects(signedFile, true);
  const after = qpdfObjects(file, true);
  const root = catalogKey(after);
  for (const [key, value] of Object.entries(before)) {
    if (key === 'trailer' || isCrossReferenceStream(value)) continue;
    const now = after[key];
    if (key === root) {
      const { ['/DSS']: dss, ...rest } =
        (now as { value?: Record<string, unknown> } | undefined)?.value ?? {};
      const { ['/DSS']: previousDss, ...previous } =
        (value as { value?: Record<string, unknown> }).value ?? {};
      if (JSON.stringify(rest) !== JSON.stringify(previous))
        problems.push('the update after the last signature changes the catalog beyond its /DSS');
      if (dss === undefined && previousDss === undefined)
        problems.push('bytes follow the last signature but the catalog has no /DSS');
    } else if (JSON.stringify(now) !== JSON.stringify(value)) {
      problems.push(`the update after the last signature changes ${key.replace(/^obj:/, 'object ')}`);
    }
  }
}

function catalogKey(objects: QpdfObjects): string | undefined {
  const root = (objects.trailer as { value?: { '/Root'?: string } } | undefined)?.value?.['/Root'];
  return root ? `obj:${root}` : undefined;
}

function isCrossReferenceStream(value: unknown): boolean {
  return (value as { stream?: { dict?: { '/Type'?: string } } }).stream?.dict?.['/Type'] === '/XRef';
}

interface PdfsigSection {
  ranges: string;
  signature: string;
  certificate?: string;
}

/** pdfsig through a throw-away NSS database that trusts exactly the given anchors. */
function checkWithPdfsig(
  file: string,
  signatures: CheckedSignature[],
  trustAnchors: string,
  work: string,
  problems: string[],
): void {
  const directory = path.join(work, 'nss');
  mkdirSync(directory);
  const database = `sql:${directory}`;
  const created = runTool('certutil', ['-N', '-d', database, '--empty-password']);
  if (created.status !== 0) throw new Error(`certutil could not create an NSS database: ${created.stderr}`);
  const anchors = readFileSync(trustAnchors, 'utf8').match(
    /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
  );
  (anchors ?? []).forEach((pem, index) => {
    const anchorFile = path.join(work, `anchor-${index}.pem`);
    writeFileSync(anchorFile, `${pem}\n`);
    const added = runTool('certutil', [
      '-A',
      '-d',
      database,
      '-n',
      `anchor-${index}`,
      '-t',
      'CT,C,C',
      '-i',
      anchorFile,
    ]);
    if (added.status !== 0) throw new Error(`certutil could not add trust anchor ${index}: ${added.stderr}`);
  });
  const result = runTool('pdfsig', ['-nssdir', database, file]);
  const sections = result.stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((section): PdfsigSection => ({
      ranges: /Signed Ranges: (.*)$/m.exec(section)?.[1]?.trim() ?? '',
      signature: /Signature Validation: (.*)$/m.exec(section)?.[1]?.trim() ?? '',
      certificate: /Certificate Validation: (.*)$/m.exec(section)?.[1]?.trim(),
    }));
  for (const signature of signatures) {
    const [, firstLength, secondStart, secondLength] = signature.byteRange;
    const ranges = `[0 - ${firstLength}], [${secondStart} - ${secondStart + secondLength}]`;
    const section = sections.find((s) => s.ranges === ranges);
    if (!section) {
      problems.push(
        `${signature.kind} ${signature.index}: pdfsig does not list it (no signature field holds it)`,
      );
      continue;
    }
    signature.pdfsig = { signature: section.signature, certificate: section.certificate };
    if (/Digest Mismatch/i.test(section.signature))
      problems.push(`pdfsig: Digest Mismatch on ${signature.index}`);
    if (signature.kind === 'document time-stamp') {
      // pdfsig cannot validate RFC 3161 document time-stamps; it must at least not call them broken.
      if (/Invalid|Mismatch/i.test(section.signature))
        problems.push(`pdfsig: document time-stamp ${signature.index}: ${section.signature}`);
      continue;
    }
    if (section.signature !== 'Signature is Valid.')
      problems.push(`pdfsig: signature ${signature.index}: ${section.signature || 'no verdict'}`);
    if (section.certificate !== 'Certificate is Trusted.')
      problems.push(
        `pdfsig: signature ${signature.index}: ${section.certificate ?? 'no certificate verdict'}`,
      );
  }
  if (sections.length !== signatures.length)
    problems.push(`pdfsig lists ${sections.length} signatures, the file holds ${signatures.length}`);
}

function checkLevel(
  pdf: Buffer,
  file: string,
  signatures: CheckedSignature[],
  level: PadesLevel | undefined,
  problems: string[],
): void {
  if (!level) return;
  const reaches = (wanted: PadesLevel) => LEVELS.indexOf(level) >= LEVELS.indexOf(wanted);
  const timestamps = signatures.filter((s) => s.kind === 'document time-stamp');
  if (reaches('B-T')) {
    for (const signature of signatures.filter((s) => s.kind === 'signature')) {
      const laterTimestamp = timestamps.some((t) => t.index > signature.index);
      if (signature.signatureTimestamp !== 'verified' && !laterTimestamp)
        problems.push(
          `B-T: signature ${signature.index} has no signature time-stamp and no later document time-stamp`,
        );
    }
  }
  if (!reaches('B-LT')) return;
  const objects = qpdfObjects(file);
  const root = catalogKey(objects);
  const dssReference = (objects[root ?? ''] as { value?: { '/DSS'?: unknown } } | undefined)?.value?.['/DSS'];
  const dss =
    typeof dssReference === 'string'
      ? (objects[`obj:${dssReference}`] as { value?: Record<string, unknown> } | undefined)?.value
      : (dssReference as Record<string, unknown> | undefined);
  if (!dss) {
    problems.push('B-LT: the catalog has no /DSS');
    return;
  }
  const certificates = dss['/Certs'];
  if (!Array.isArray(certificates) || certificates.length === 0)
    problems.push('B-LT: the DSS holds no certificate');
  if (!reaches('B-LTA')) return;
  // A document time-stamp must cover the DSS: the DSS object's last definition lies before its end.
  const [objectNumber, generation] = typeof dssReference === 'string' ? dssReference.split(' ') : [];
  const dssAt = objectNumber
    ? lastMatch(
        pdf.toString('latin1'),
        new RegExp(`(?<![0-9])${objectNumber}\\s+${generation}\\s+obj\\b`, 'g'),
      )
    : -1;
  if (dssAt < 0 || !timestamps.some((t) => t.byteRange[2] + t.byteRange[3] > dssAt))
    problems.push('B-LTA: no document time-stamp covers the DSS');
}

function describe(signatures: CheckedSignature[], problems: string[]): string {
  const lines = signatures.map((s) => {
    const parts = [`#${s.index} ${s.kind} ${s.subFilter}`, `openssl ${s.opensslValid ? 'valid' : 'INVALID'}`];
    if (s.pdfsig)
      parts.push(`pdfsig "${[s.pdfsig.signature, s.pdfsig.certificate].filter(Boolean).join(' ')}"`);
    if (s.kind === 'signature')
      parts.push(
        `signingCertificateV2 ${s.signingCertificateV2 ? 'yes' : 'no'}`,
        `signingTime ${s.signingTimeAttribute ? 'yes' : 'no'}`,
        `signature time-stamp ${s.signatureTimestamp ?? 'absent'}`,
      );
    return parts.join(', ');
  });
  lines.push(
    problems.length === 0
      ? `OK: ${signatures.length} signatures and time-stamps checked`
      : `FAIL: ${problems.join('; ')}`,
  );
  return lines.join('\n');
}
