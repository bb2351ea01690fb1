import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, KeyUsage, KeyUsageFlags, id_ce_keyUsage } from '@peculiar/asn1-x509';
import { derToPem } from './pem';
import { readPkcs12, Pkcs12LegacyEncryptionError, Pkcs12PasswordError, type Pkcs12Contents } from './pkcs12';
import { readPkcs12WithOpenssl } from './pkcs12-openssl';
import { readCertificateBundleFile } from './pki-files';
import { PkiMaterialError, type SealMaterial } from './pki-material';
import { importSigningKey, privateKeyMatchesCertificate } from './signing-keys';

export interface ProductionPkiOptions {
  /** The chamber's seal certificate, its chain and its private key, as PKCS#12 (.p12/.pfx). */
  pkcs12Path: string;
  pkcs12Password: string;
  /** PEM root (and intermediate) certificates to add when the PKCS#12 file does not carry them. */
  trustBundlePath?: string;
}

/** Longer chains do not occur in practice; the bound stops a loop on crafted cross-certificates. */
const MAX_CHAIN_LENGTH = 8;

/**
 * Loads the seal from a PKCS#12 file: the key, the certificate that matches it and the issuing chain
 * found in the file and the optional trust bundle. Fails with the file's name, never the password.
 */
export async function loadProductionPki(options: ProductionPkiOptions): Promise<SealMaterial> {
  const filePath = options.pkcs12Path;
  const contents = await openPkcs12File(filePath, options.pkcs12Password);
  if (contents.privateKeysPkcs8.length !== 1) {
    const count = contents.privateKeysPkcs8.length;
    throw new PkiMaterialError(
      `${filePath} holds ${count} private keys; the seal needs exactly one`,
      filePath,
    );
  }
  const privateKey = await importSigningKey(contents.privateKeysPkcs8[0] as Buffer).catch(
    (error: unknown) => {
      throw new PkiMaterialError(`${filePath}: the private key cannot sign (${describe(error)})`, filePath);
    },
  );
  const sealDer = contents.certificatesDer.find((der) => privateKeyMatchesCertificate(der, privateKey));
  if (!sealDer) {
    throw new PkiMaterialError(`${filePath} holds no certificate for its private key`, filePath);
  }
  assertUsableForSealing(sealDer, filePath);
  const extraTrust = options.trustBundlePath ? await readCertificateBundleFile(options.trustBundlePath) : [];
  const chainDer = issuerChain(sealDer, [...contents.certificatesDer, ...extraTrust]);
  const trustAnchors = uniqueCertificates([...extraTrust, ...chainDer.filter(isSelfSigned)]);
  return {
    seal: { certificatePem: derToPem(sealDer, 'CERTIFICATE'), certificateDer: sealDer, chainDer, privateKey },
    trustBundlePem: () => trustAnchors.map((der) => derToPem(der, 'CERTIFICATE')).join(''),
  };
}

async function openPkcs12File(filePath: string, password: string): Promise<Pkcs12Contents> {
  let der: Buffer;
  try {
    der = await readFile(filePath);
  } catch (error) {
    throw new PkiMaterialError(`${filePath} cannot be read (${describe(error)})`, filePath);
  }
  try {
    return readPkcs12(der, password);
  } catch (error) {
    if (error instanceof Pkcs12LegacyEncryptionError) {
      return readPkcs12WithOpenssl(der, password).catch((fallbackError: unknown) => {
        throw new PkiMaterialError(`${filePath}: ${describe(fallbackError)}`, filePath);
      });
    }
    if (error instanceof Pkcs12PasswordError) {
      throw new PkiMaterialError(`${filePath}: ${error.message}`, filePath);
    }
    throw new PkiMaterialError(`${filePath} is not a usable PKCS#12 file (${describe(error)})`, filePath);
  }
}

/** Validators refuse a seal whose certificate has expired or whose key usage forbids signing. */
function assertUsableForSealing(certificateDer: Buffer, filePath: string): void {
  const certificate = new X509Certificate(certificateDer);
  const now = Date.now();
  if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
    const period = `${certificate.validFrom} to ${certificate.validTo}`;
    throw new PkiMaterialError(`${filePath}: the seal certificate is not valid now (${period})`, filePath);
  }
  const extension = AsnConvert.parse(certificateDer, Certificate).tbsCertificate.extensions?.find(
    (candidate) => candidate.extnID === id_ce_keyUsage,
  );
  if (!extension) return;
  const usages = AsnConvert.parse(extension.extnValue, KeyUsage).toNumber();
  if (!(usages & (KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation))) {
    throw new PkiMaterialError(
      `${filePath}: the seal certificate's key usage does not allow signing`,
      filePath,
    );
  }
}

/** Issuers of `leafDer` found among `candidatesDer`, closest first, up to a self-signed root. */
function issuerChain(leafDer: Buffer, candidatesDer: Buffer[]): Buffer[] {
  const chain: Buffer[] = [];
  let current = new X509Certificate(leafDer);
  while (!isSelfSigned(current.raw) && chain.length < MAX_CHAIN_LENGTH) {
    const subject = current;
    const issuerDer = candidatesDer.find((der) => {
      const candidate = new X509Certificate(der);
      return (
        !der.equals(subject.raw) && subject.checkIssued(candidate) && subject.verify(candidate.publicKey)
      );
    });
    if (!issuerDer) break;
    chain.push(issuerDer);
    current = new X509Certificate(issuerDer);
  }
  return chain;
}

function isSelfSigned(der: Buffer): boolean {
  const certificate = new X509Certificate(der);
  return certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey);
}

function uniqueCertificates(certificates: Buffer[]): Buffer[] {
  return certificates.filter((der, index) => certificates.findIndex((other) => other.equals(der)) === index);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
