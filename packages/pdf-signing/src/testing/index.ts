/**
 * What tests of code built on the engine use: fixtures, a test PKI, hostile PDFs, and a relying party's
 * checks of signed files with poppler, qpdf and openssl. Never imported by production code.
 */
export * from './bomb-pdfs';
export * from './csc-stand-in';
export * from './hostile-pdfs';
export * from './hostile-signatures';
export * from './pades-test-kit';
export * from './pdf-text';
export * from './system-tools';
export {
  type CheckedSignature,
  type PadesLevel,
  type SignedPdfCheck,
  type SignedPdfExpectations,
} from './signed-pdf-check';
