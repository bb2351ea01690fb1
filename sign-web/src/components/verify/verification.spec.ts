import { ErrorCode, MAX_PDF_BYTES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { type VerificationReport, isVerificationReport } from '../../api/verify';
import { fileProblem, findingsOf, verifyErrorKey } from './verification';

const sealed: VerificationReport = {
  signatures: [
    {
      kind: 'signature',
      signer: 'Anne Muller',
      signedAt: '2026-03-02T10:00:00Z',
      valid: true,
      intact: true,
      trusted: true,
      level: 'B-T',
    },
    {
      kind: 'seal',
      signer: 'Chambre immobilière',
      signedAt: '2026-03-02T10:01:00Z',
      valid: true,
      intact: true,
      trusted: true,
      level: 'B-LTA',
    },
  ],
  sealedByPlatform: true,
  unchangedSinceSeal: true,
  auditChainValid: true,
  requestTitle: 'Compromis',
};

describe('fileProblem', () => {
  it('accepts a PDF up to 10 MB, by type or by name', () => {
    expect(fileProblem({ name: 'acte.pdf', type: 'application/pdf', size: MAX_PDF_BYTES })).toBeNull();
    expect(fileProblem({ name: 'ACTE.PDF', type: '', size: 10 })).toBeNull();
  });

  it('refuses other files and files over 10 MB', () => {
    expect(fileProblem({ name: 'photo.png', type: 'image/png', size: 10 })).toBe('notPdf');
    expect(fileProblem({ name: 'acte.pdf', type: 'application/pdf', size: MAX_PDF_BYTES + 1 })).toBe(
      'tooLarge',
    );
  });
});

describe('verifyErrorKey', () => {
  const refused = (status: number, code: ErrorCode | null = null) =>
    ({ kind: 'http', status, code, retryAfter: null, errors: {} }) as const;

  it('explains refusals of the file', () => {
    expect(verifyErrorKey(refused(413, ErrorCode.FILE_TOO_LARGE))).toBe('tooLarge');
    expect(verifyErrorKey(refused(415, ErrorCode.NOT_A_PDF))).toBe('notPdf');
    expect(verifyErrorKey(refused(422, ErrorCode.INVALID_PDF))).toBe('invalidPdf');
    expect(verifyErrorKey(refused(422, ErrorCode.PDF_TOO_MANY_SIGNATURES))).toBe('tooManySignatures');
    expect(verifyErrorKey(refused(429, ErrorCode.TOO_MANY_REQUESTS))).toBe('tooMany');
  });

  it('says the check failed otherwise', () => {
    expect(verifyErrorKey(refused(500))).toBe('failed');
    expect(verifyErrorKey({ kind: 'network' })).toBe('failed');
  });
});

describe('findingsOf', () => {
  it('finds nothing wrong with a sealed, unchanged, valid document', () => {
    expect(findingsOf(sealed)).toEqual([]);
  });

  it('reports a missing seal, a change after sealing, an invalid signature and a broken audit chain', () => {
    expect(findingsOf({ ...sealed, sealedByPlatform: false, unchangedSinceSeal: false })).toEqual([
      'notSealed',
    ]);
    expect(findingsOf({ ...sealed, unchangedSinceSeal: false })).toEqual(['changed']);
    const invalid = { ...sealed, signatures: [{ ...sealed.signatures[0]!, valid: false }] };
    expect(findingsOf(invalid)).toEqual(['invalidSignature']);
    expect(findingsOf({ ...sealed, auditChainValid: false })).toEqual(['auditBroken']);
    expect(findingsOf({ ...sealed, auditChainValid: null })).toEqual([]);
  });
});

describe('isVerificationReport', () => {
  it('accepts the contract and refuses anything else', () => {
    expect(isVerificationReport(sealed)).toBe(true);
    expect(isVerificationReport({ ...sealed, signatures: [{ signer: 'x' }] })).toBe(false);
    expect(isVerificationReport({ ...sealed, auditChainValid: 'yes' })).toBe(false);
    expect(isVerificationReport({ ...sealed, signatures: [{ ...sealed.signatures[0], level: 'B-Z' }] })).toBe(
      false,
    );
    expect(isVerificationReport({ ...sealed, signatures: [{ ...sealed.signatures[0], signer: null }] })).toBe(
      true,
    );
    expect(isVerificationReport(null)).toBe(false);
  });
});
