import { type SigningPageData } from '@esign/shared';

/** Signing page data as the API sends it, for specs. */
export function signingPageData(overrides: Partial<SigningPageData> = {}): SigningPageData {
  return {
    signatureId: '3f1c2b7e-9a4d-4c1e-8f00-123456789abc',
    signatureTitle: 'Compromis – 12 rue de la Gare',
    documentName: 'compromis.pdf',
    documentUrl: '/api/signatures/3f1c2b7e-9a4d-4c1e-8f00-123456789abc/document?key=k',
    status: 'IN_PROGRESS',
    signingMode: 'SIMPLE',
    signingFlow: 'CONCURRENT',
    language: 'fr',
    senderName: 'Agence du Nord',
    signatory: {
      signatoryFullName: 'Anne Muller',
      signatoryMobile: '+352621123456',
      signatorySigningStatus: 'NOT_SIGNED',
      isTurn: true,
    },
    nextOtpAllowedAt: null,
    expiresAt: '2026-04-05T10:00:00.000Z',
    ...overrides,
  };
}

export function signedBy(data: SigningPageData): SigningPageData {
  return { ...data, signatory: { ...data.signatory, signatorySigningStatus: 'SIGNED' } };
}
