import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import { AsnConvert } from '@peculiar/asn1-schema';
import type { SigningIdentity } from './pki-material';
import { signingAlgorithmFor } from './signatory-certificate';
import { webCrypto } from './signing-keys';
import { x509 } from './x509-library';

export interface RevokedCertificate {
  serialHex: string;
  revokedAt: Date;
  reason?: x509.X509CrlReason;
}

export interface CrlRequest {
  revoked?: RevokedCertificate[];
  /** Monotonically increasing per CA (RFC 5280 §5.2.3). Default: the current Unix time in seconds. */
  crlNumber?: number;
  thisUpdate?: Date;
  /** Default: seven days after thisUpdate. */
  nextUpdate?: Date;
}

const DEFAULT_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A DER X.509 v2 CRL (RFC 5280 §5) signed by `ca`, with the authority key identifier and CRL number
 * extensions. Validators use it, from a PDF's DSS, as the revocation status of the certificates the
 * CA issued (PAdES B-LT).
 */
export async function issueCrl(ca: SigningIdentity, request: CrlRequest = {}): Promise<Buffer> {
  const issuer = new x509.X509Certificate(Uint8Array.from(ca.certificateDer));
  const issuerKeyId = issuer.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  if (!issuerKeyId) throw new Error('the CA certificate has no subject key identifier');
  const thisUpdate = request.thisUpdate ?? new Date();
  const crlNumber = request.crlNumber ?? Math.floor(thisUpdate.getTime() / 1000);
  const crl = await x509.X509CrlGenerator.create(
    {
      issuer: issuer.subjectName,
      thisUpdate,
      nextUpdate: request.nextUpdate ?? new Date(thisUpdate.getTime() + DEFAULT_VALIDITY_MS),
      signingKey: ca.privateKey,
      signingAlgorithm: signingAlgorithmFor(ca.privateKey),
      entries: (request.revoked ?? []).map((entry) => ({
        serialNumber: entry.serialHex,
        revocationDate: entry.revokedAt,
        reason: entry.reason,
      })),
      extensions: [
        new x509.AuthorityKeyIdentifierExtension(issuerKeyId),
        new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(crlNumber))),
      ],
    },
    webCrypto,
  );
  return Buffer.from(crl.rawData);
}
