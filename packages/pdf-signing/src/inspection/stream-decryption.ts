import { dirname, join } from 'node:path';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFString,
  type PDFContext,
  type PDFObjectParser,
} from '@cantoo/pdf-lib';
import { invalidPdf } from './pdf-rejection';

type CipherTransformFactory = NonNullable<ConstructorParameters<typeof PDFObjectParser>[3]>;

interface CryptoModule {
  CipherTransformFactory: new (
    encrypt: PDFDict,
    fileId: Uint8Array,
    password?: string,
  ) => CipherTransformFactory;
}

/**
 * The library's key derivation, which its package does not export (its export map hides the file). It is
 * taken from beside the package's entry point, by path, so that the streams are decrypted by the very code
 * that will decrypt them when the file is loaded; the version is pinned by the lockfile, and the tests of
 * encrypted files fail loudly should the file move.
 */
function cryptoModule(): CryptoModule {
  const entry = require.resolve('@cantoo/pdf-lib');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an unexported file of the library
  return require(join(dirname(entry), 'core', 'crypto.js')) as CryptoModule;
}

export type StreamDecrypter = (objectNumber: number, generation: number, contents: Uint8Array) => Uint8Array;

/**
 * Decrypts a stream's contents as `PDFDocument.load(bytes, { password })` does when it parses the file,
 * so that what the load will inflate can be measured before it runs. Throws the library's own error when
 * the password does not open the file (its message names the password, as the load's does).
 */
export function streamDecrypter(context: PDFContext, password: string): StreamDecrypter {
  const encrypt = context.lookup(context.trailerInfo.Encrypt);
  const ids = context.lookup(context.trailerInfo.ID);
  const id = ids instanceof PDFArray ? ids.lookup(0) : undefined;
  if (!(encrypt instanceof PDFDict)) throw invalidPdf('encryption dictionary unreadable');
  if (!(id instanceof PDFHexString || id instanceof PDFString))
    throw invalidPdf('encryption without a file ID');
  const factory = new (cryptoModule().CipherTransformFactory)(encrypt, id.asBytes(), password);
  return (objectNumber, generation, contents) =>
    factory.createCipherTransform(objectNumber, generation).decryptBytes(contents);
}
