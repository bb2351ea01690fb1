import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { derToPem, pemBlocksToDer, singlePemBlockToDer } from './pem';
import { PkiMaterialError, type SigningIdentity } from './pki-material';
import { importSigningKey, privateKeyMatchesCertificate } from './signing-keys';

/**
 * Reads a certificate and its key and checks they belong together, that the certificate was issued
 * by `chainDer[0]` (or is self-signed when the chain is empty) and that it is valid now.
 */
export async function loadIdentityFromFiles(
  certificatePath: string,
  keyPath: string,
  chainDer: Buffer[],
): Promise<SigningIdentity> {
  const certificateDer = await readCertificateFile(certificatePath);
  const privateKey = await readPrivateKeyFile(keyPath);
  const certificate = new X509Certificate(certificateDer);
  const issuer = chainDer[0] ? new X509Certificate(chainDer[0]) : certificate;
  if (!certificate.checkIssued(issuer) || !certificate.verify(issuer.publicKey)) {
    throw new PkiMaterialError(`${certificatePath} was not issued by the expected CA`, certificatePath);
  }
  if (!privateKeyMatchesCertificate(certificateDer, privateKey)) {
    throw new PkiMaterialError(`${keyPath} is not the key of ${path.basename(certificatePath)}`, keyPath);
  }
  assertCurrentlyValid(certificate, certificatePath);
  return {
    certificatePem: derToPem(certificateDer, 'CERTIFICATE'),
    certificateDer,
    chainDer,
    privateKey,
  };
}

async function readCertificateFile(filePath: string): Promise<Buffer> {
  const text = await readMaterialFile(filePath);
  try {
    const der = singlePemBlockToDer(text, 'CERTIFICATE');
    new X509Certificate(der);
    return der;
  } catch (error) {
    throw new PkiMaterialError(`${filePath} is not a valid PEM certificate (${describe(error)})`, filePath);
  }
}

/** Every certificate in a PEM bundle file; throws when there is none or one is damaged. */
export async function readCertificateBundleFile(filePath: string): Promise<Buffer[]> {
  const text = await readMaterialFile(filePath);
  try {
    const certificates = pemBlocksToDer(text, 'CERTIFICATE');
    certificates.forEach((der) => new X509Certificate(der));
    if (certificates.length === 0) throw new Error('no CERTIFICATE block');
    return certificates;
  } catch (error) {
    throw new PkiMaterialError(
      `${filePath} is not a valid PEM certificate bundle (${describe(error)})`,
      filePath,
    );
  }
}

/** The key's bytes never reach the message: only the file name and the kind of failure do. */
async function readPrivateKeyFile(filePath: string): Promise<CryptoKey> {
  const text = await readMaterialFile(filePath);
  try {
    return await importSigningKey(singlePemBlockToDer(text, 'PRIVATE KEY'));
  } catch {
    throw new PkiMaterialError(`${filePath} is not a valid unencrypted PKCS#8 PEM private key`, filePath);
  }
}

async function readMaterialFile(filePath: string): Promise<string> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new PkiMaterialError(`${filePath} is missing`, filePath);
    }
    throw new PkiMaterialError(`${filePath} cannot be read (${describe(error)})`, filePath);
  }
}

function assertCurrentlyValid(certificate: X509Certificate, filePath: string): void {
  const now = Date.now();
  if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
    throw new PkiMaterialError(
      `${filePath} is outside its validity period (${certificate.validFrom} to ${certificate.validTo})`,
      filePath,
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
