import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  derToPem,
  Pkcs12LegacyEncryptionError,
  readPkcs12,
  type Pkcs12Contents,
  readPkcs12WithOpenssl,
  readCertificateBundleFile,
  PkiMaterialError,
  type SigningIdentity,
  importSigningKey,
  privateKeyMatchesCertificate,
  x509,
} from '@esign/pdf-signing';
import type { Pkcs12Location } from './signing-task';

const MAX_CHAIN_LENGTH = 8;

/**
 * Loads the certificate authority that issues signatory certificates from a PKCS#12 file: one key, the
 * CA certificate that matches it (basicConstraints CA, keyCertSign and cRLSign, valid now, with a subject
 * key identifier for the certificates it issues) and its issuers from the file and the trust bundle.
 * Errors name the file, never the password.
 */
export async function loadSignatoryCa(location: Pkcs12Location): Promise<SigningIdentity> {
  const contents = await openPkcs12(location);
  const [keyDer, ...others] = contents.privateKeysPkcs8;
  if (!keyDer || others.length > 0) {
    throw new PkiMaterialError(`${location.path} must hold exactly one private key`, location.path);
  }
  const privateKey = await importSigningKey(keyDer).catch(() => {
    throw new PkiMaterialError(`${location.path}: the private key cannot sign`, location.path);
  });
  const certificateDer = contents.certificatesDer.find((der) =>
    privateKeyMatchesCertificate(der, privateKey),
  );
  if (!certificateDer) {
    throw new PkiMaterialError(`${location.path} holds no certificate for its private key`, location.path);
  }
  assertIssuingCa(certificateDer, location.path);
  const trusted = location.trustBundlePath ? await readCertificateBundleFile(location.trustBundlePath) : [];
  return {
    certificatePem: derToPem(certificateDer, 'CERTIFICATE'),
    certificateDer,
    chainDer: issuerChain(certificateDer, [...contents.certificatesDer, ...trusted]),
    privateKey,
  };
}

async function openPkcs12(location: Pkcs12Location): Promise<Pkcs12Contents> {
  const der = await readFile(location.path).catch(() => {
    throw new PkiMaterialError(`${location.path} cannot be read`, location.path);
  });
  try {
    return readPkcs12(der, location.password);
  } catch (error) {
    if (error instanceof Pkcs12LegacyEncryptionError) return readPkcs12WithOpenssl(der, location.password);
    throw new PkiMaterialError(`${location.path} cannot be opened with the given password`, location.path);
  }
}

function assertIssuingCa(der: Buffer, path: string): void {
  const certificate = new x509.X509Certificate(Uint8Array.from(der));
  const constraints = certificate.getExtension(x509.BasicConstraintsExtension);
  const usages = certificate.getExtension(x509.KeyUsagesExtension)?.usages ?? 0;
  const needed = x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign;
  if (!constraints?.ca || (usages & needed) !== needed) {
    throw new PkiMaterialError(
      `${path}: the certificate is not a CA that may issue certificates and CRLs`,
      path,
    );
  }
  if (!certificate.getExtension(x509.SubjectKeyIdentifierExtension)) {
    throw new PkiMaterialError(`${path}: the CA certificate has no subject key identifier`, path);
  }
  const now = new Date();
  if (now < certificate.notBefore || now > certificate.notAfter) {
    throw new PkiMaterialError(`${path}: the CA certificate is not valid now`, path);
  }
}

/** Issuers of `leafDer` among `candidatesDer`, closest first, up to a self-signed root. */
function issuerChain(leafDer: Buffer, candidatesDer: Buffer[]): Buffer[] {
  const chain: Buffer[] = [];
  let current = new X509Certificate(leafDer);
  while (!selfSigned(current) && chain.length < MAX_CHAIN_LENGTH) {
    const subject = current;
    const issuer = candidatesDer
      .map((der) => new X509Certificate(der))
      .find(
        (candidate) =>
          !candidate.raw.equals(subject.raw) &&
          subject.checkIssued(candidate) &&
          subject.verify(candidate.publicKey),
      );
    if (!issuer) break;
    chain.push(issuer.raw);
    current = issuer;
  }
  return chain;
}

function selfSigned(certificate: X509Certificate): boolean {
  return certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey);
}
