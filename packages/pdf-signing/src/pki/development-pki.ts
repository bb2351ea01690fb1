import { chmod, mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import {
  issueRootCertificate,
  issueSealCertificate,
  issueTimestampingCertificate,
} from './certificate-factory';
import { derToPem } from './pem';
import { PkiMaterialError, type PkiMaterial } from './pki-material';
import { loadIdentityFromFiles } from './pki-files';
import { exportPkcs8, generateRsaSigningKeyPair } from './signing-keys';
import type { x509 } from './x509-library';

export interface DevelopmentPkiOptions {
  /** Appears in the root and time-stamping certificate names. */
  productName?: string;
  /** The chamber: the seal certificate's organisation and common name. */
  organizationName?: string;
  /** ETSI EN 319 412-1 §5.1.4 legal-person identifier, e.g. `NTRLU-B123456`. */
  organizationIdentifier?: string;
}

export const DEVELOPMENT_PKI_FILES = {
  rootCertificate: 'root-ca.pem',
  rootKey: 'root-ca-key.pem',
  sealCertificate: 'seal.pem',
  sealKey: 'seal-key.pem',
  timestampingCertificate: 'tsa.pem',
  timestampingKey: 'tsa-key.pem',
} as const;

const ROOT_VALIDITY_YEARS = 10;
const END_ENTITY_VALIDITY_YEARS = 3;
const PRIVATE_DIRECTORY_MODE = 0o700;
const KEY_FILE_MODE = 0o600;
const CERTIFICATE_FILE_MODE = 0o644;

interface MaterialFile {
  name: string;
  content: string;
  mode: number;
}

/** Generations running in this process, so concurrent callers share one instead of racing. */
const generationsInProgress = new Map<string, Promise<void>>();

/**
 * Loads the development CA, seal and time-stamping material from `dir`, generating it on first use.
 * Material is written once and reused: new keys would leave every document sealed before untrusted.
 */
export async function ensureDevelopmentPki(
  dir: string,
  options: DevelopmentPkiOptions = {},
): Promise<PkiMaterial> {
  const directory = path.resolve(dir);
  if (!(await holdsMaterial(directory))) {
    let generation = generationsInProgress.get(directory);
    if (!generation) {
      generation = generateInto(directory, options).finally(() => generationsInProgress.delete(directory));
      generationsInProgress.set(directory, generation);
    }
    await generation;
  }
  return loadDevelopmentPki(directory);
}

/** Loads material generated earlier; an incomplete or damaged set fails with the file's name. */
export async function loadDevelopmentPki(directory: string): Promise<PkiMaterial> {
  try {
    return await loadMaterialFiles(directory);
  } catch (error) {
    if (!(error instanceof PkiMaterialError)) throw error;
    const hint = `delete ${directory} to generate new development material`;
    throw new PkiMaterialError(`Development PKI: ${error.message}; ${hint}`, error.filePath);
  }
}

async function loadMaterialFiles(directory: string): Promise<PkiMaterial> {
  const files = DEVELOPMENT_PKI_FILES;
  const at = (name: string): string => path.join(directory, name);
  const root = await loadIdentityFromFiles(at(files.rootCertificate), at(files.rootKey), []);
  const issuedByRoot = [root.certificateDer];
  const seal = await loadIdentityFromFiles(at(files.sealCertificate), at(files.sealKey), issuedByRoot);
  const timestamping = await loadIdentityFromFiles(
    at(files.timestampingCertificate),
    at(files.timestampingKey),
    issuedByRoot,
  );
  return {
    directory,
    certificateAuthority: root,
    seal,
    timestamping,
    trustBundlePem: () => root.certificatePem,
  };
}

/** An empty directory (a fresh volume, a mkdir by a launcher) counts as "not generated yet". */
async function holdsMaterial(directory: string): Promise<boolean> {
  try {
    const info = await stat(directory);
    if (!info.isDirectory()) {
      throw new PkiMaterialError(`${directory} exists and is not a directory`, directory);
    }
    return (await readdir(directory)).length > 0;
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return false;
    throw error;
  }
}

/**
 * Writes every file into a private staging directory beside the target, then renames it into place:
 * rename(2) is atomic, so a crash leaves either no material or all of it, never a partial set.
 */
async function generateInto(directory: string, options: DevelopmentPkiOptions): Promise<void> {
  const parent = path.dirname(directory);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, `.${path.basename(directory)}-staging-`));
  try {
    await chmod(staging, PRIVATE_DIRECTORY_MODE);
    for (const file of await generateMaterialFiles(options)) {
      await writeFileDurably(path.join(staging, file.name), file.content, file.mode);
    }
    await syncDirectory(staging);
    await moveIntoPlace(staging, directory);
    await syncDirectory(parent);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** rename(2) replaces an empty directory; a non-empty one means another process generated first. */
async function moveIntoPlace(staging: string, directory: string): Promise<void> {
  try {
    await rename(staging, directory);
  } catch (error) {
    if (!isErrorCode(error, 'ENOTEMPTY') && !isErrorCode(error, 'EEXIST')) throw error;
  }
}

async function generateMaterialFiles(options: DevelopmentPkiOptions): Promise<MaterialFile[]> {
  const now = new Date();
  const [rootKeys, sealKeys, timestampingKeys] = await Promise.all([
    generateRsaSigningKeyPair(),
    generateRsaSigningKeyPair(),
    generateRsaSigningKeyPair(),
  ]);
  const root = await issueRootCertificate(rootKeys, rootSubject(options), ROOT_VALIDITY_YEARS, now);
  const issuer = { certificate: root, privateKey: rootKeys.privateKey };
  const validityYears = END_ENTITY_VALIDITY_YEARS;
  const seal = await issueSealCertificate({
    issuer,
    subject: sealSubject(options),
    publicKey: sealKeys.publicKey,
    validityYears,
    now,
  });
  const timestamping = await issueTimestampingCertificate({
    issuer,
    subject: timestampingSubject(options),
    publicKey: timestampingKeys.publicKey,
    validityYears,
    now,
  });
  const files = DEVELOPMENT_PKI_FILES;
  return [
    certificateFile(files.rootCertificate, root),
    await keyFile(files.rootKey, rootKeys.privateKey),
    certificateFile(files.sealCertificate, seal),
    await keyFile(files.sealKey, sealKeys.privateKey),
    certificateFile(files.timestampingCertificate, timestamping),
    await keyFile(files.timestampingKey, timestampingKeys.privateKey),
  ];
}

function rootSubject(options: DevelopmentPkiOptions): x509.JsonName {
  const product = options.productName ?? 'eSign';
  return [{ C: ['LU'] }, { O: ['Development only'] }, { CN: [`${product} Development Root CA`] }];
}

function timestampingSubject(options: DevelopmentPkiOptions): x509.JsonName {
  const product = options.productName ?? 'eSign';
  return [
    { C: ['LU'] },
    { O: ['Development only'] },
    { CN: [`${product} Development Time-Stamping Authority`] },
  ];
}

/** ETSI EN 319 412-3 §4.2.1 legal-person subject: country, organisation, identifier, common name. */
function sealSubject(options: DevelopmentPkiOptions): x509.JsonName {
  const organization = options.organizationName ?? 'Development Real-Estate Chamber';
  const identifier = options.organizationIdentifier ? [{ '2.5.4.97': [options.organizationIdentifier] }] : [];
  return [{ C: ['LU'] }, { O: [organization] }, ...identifier, { CN: [organization] }];
}

function certificateFile(name: string, certificate: x509.X509Certificate): MaterialFile {
  return {
    name,
    content: derToPem(new Uint8Array(certificate.rawData), 'CERTIFICATE'),
    mode: CERTIFICATE_FILE_MODE,
  };
}

async function keyFile(name: string, privateKey: CryptoKey): Promise<MaterialFile> {
  return { name, content: derToPem(await exportPkcs8(privateKey), 'PRIVATE KEY'), mode: KEY_FILE_MODE };
}

async function writeFileDurably(filePath: string, content: string, mode: number): Promise<void> {
  const handle = await open(filePath, 'wx', mode);
  try {
    // The umask may have narrowed or (with a permissive mask) not narrowed enough: set the mode exactly.
    await handle.chmod(mode);
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Persists the directory entries themselves; Windows cannot open a directory, which is harmless there. */
async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch (error) {
    if (!isErrorCode(error, 'EISDIR') && !isErrorCode(error, 'EPERM')) throw error;
  } finally {
    await handle?.close();
  }
}

/** Duck-typed: errors from node:fs may come from another realm (test sandboxes), failing instanceof. */
function isErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === code;
}
