import { X509Certificate } from 'node:crypto';
import { derBytes, derChildren, derElement, objectIdentifier, sequence } from './der';

/** RFC 3739 id-pe-qcStatements: the extension that says what kind of certificate this is under eIDAS. */
export const QC_STATEMENTS_EXTENSION = '1.3.6.1.5.5.7.1.3';

/** ETSI EN 319 412-5 statements. */
const QC_COMPLIANCE = '0.4.0.1862.1.1';
const QC_SSCD = '0.4.0.1862.1.4';
const QC_TYPE = '0.4.0.1862.1.6';
const QC_TYPE_ESIGN = '0.4.0.1862.1.6.1';

/**
 * What a certificate's QcStatements claim. A claim only: whether its issuer is a qualified trust-service
 * provider is for the EU trusted lists to say, which a relying party checks.
 */
export interface QualifiedStatements {
  /** QcCompliance: issued as an EU qualified certificate. */
  qcCompliance: boolean;
  /** QcSSCD: the private key is in a qualified signature creation device. */
  qcSscd: boolean;
  /** QcType esign: for electronic signatures (not seals or web sites). */
  forSignatures: boolean;
}

/** The QcStatements extension's value for a qualified certificate for electronic signatures held in a QSCD. */
export function qualifiedSignatureStatements(): Buffer {
  return sequence(
    sequence(objectIdentifier(QC_COMPLIANCE)),
    sequence(objectIdentifier(QC_SSCD)),
    sequence(objectIdentifier(QC_TYPE), sequence(objectIdentifier(QC_TYPE_ESIGN))),
  );
}

/** Reads the statements of a DER certificate; a certificate without the extension claims none. */
export function qualifiedStatementsOf(certificateDer: Buffer): QualifiedStatements {
  const none = { qcCompliance: false, qcSscd: false, forSignatures: false };
  const extension = findExtension(certificateDer, QC_STATEMENTS_EXTENSION);
  if (!extension) return none;
  const statements = new Map<string, Buffer | undefined>();
  try {
    for (const statement of derChildren(extension, derElement(extension, 0))) {
      const [id, info] = derChildren(extension, statement);
      if (id) statements.set(derBytes(extension, id).toString('hex'), info && derBytes(extension, info));
    }
  } catch {
    return none;
  }
  const has = (oid: string) => statements.has(objectIdentifier(oid).toString('hex'));
  const typeInfo = statements.get(objectIdentifier(QC_TYPE).toString('hex'));
  return {
    qcCompliance: has(QC_COMPLIANCE),
    qcSscd: has(QC_SSCD),
    forSignatures: typeInfo?.includes(objectIdentifier(QC_TYPE_ESIGN)) ?? false,
  };
}

/** The DER value (inside the OCTET STRING) of a certificate's extension, read with Node's own parser. */
function findExtension(certificateDer: Buffer, oid: string): Buffer | undefined {
  // Node parses the certificate and refuses malformed ones; the extension list is then walked here.
  new X509Certificate(certificateDer);
  const root = derElement(certificateDer, 0);
  const [tbs] = derChildren(certificateDer, root);
  if (!tbs) return undefined;
  const wrapper = derChildren(certificateDer, tbs).find((field) => field.tag === 0xa3);
  if (!wrapper) return undefined;
  const [list] = derChildren(certificateDer, wrapper);
  if (!list) return undefined;
  const wanted = objectIdentifier(oid);
  for (const entry of derChildren(certificateDer, list)) {
    const parts = derChildren(certificateDer, entry);
    const id = parts[0];
    const value = parts[parts.length - 1];
    if (id && value && derBytes(certificateDer, id).equals(wanted) && value.tag === 0x04) {
      return certificateDer.subarray(value.start, value.end);
    }
  }
  return undefined;
}
