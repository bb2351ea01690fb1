import { type SignatureRequestView } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { buildSignatureInput, wizardStateFromRequest } from './payload';
import { readyState } from './wizardFixtures';

describe('buildSignatureInput', () => {
  it('sends the signatories in their order, with normalised e-mails and E.164 mobiles', () => {
    const state = readyState();
    const input = buildSignatureInput(state, state.document!);
    expect(input).toEqual({
      signatureTitle: 'Compromis',
      documentType: 'CUSTOM',
      documentId: '5b0c0a52-4f1e-4d59-9a55-0d1f2b3c4d5e',
      templateType: null,
      documentName: 'compromis.pdf',
      signingMode: 'SIMPLE',
      signingFlow: 'CONCURRENT',
      signatureSize: 'default',
      sealPage: 4,
      sealSize: 'default',
      language: 'fr',
      signatories: [
        {
          name: 'Anne Muller',
          email: 'anne.muller@example.lu',
          mobile: '+352621123456',
          order: 1,
          placement: { page: 4, position: 'bottom-left' },
        },
        {
          name: 'Jean Weber',
          email: 'jean@example.lu',
          mobile: '+352691234567',
          order: 2,
          placement: { page: 4, position: 'bottom-right' },
        },
      ],
    });
  });

  it('sends the days to sign when the member chose them, and leaves them to the server otherwise', () => {
    const state = readyState();
    const chosen = { ...state, options: { ...state.options, expiryDays: ' 14 ' } };
    expect(buildSignatureInput(chosen, state.document!).expiryDays).toBe(14);
    expect('expiryDays' in buildSignatureInput(state, state.document!)).toBe(false);
  });
});

describe('wizardStateFromRequest', () => {
  it('prefills the wizard with the request, signatories sorted by their order', () => {
    let next = 0;
    const request = {
      signatureTitle: 'Mandat',
      documentType: 'CUSTOM',
      documentId: 'doc-1',
      templateType: null,
      documentName: 'mandat.pdf',
      pageCount: 3,
      signingMode: 'ADVANCED',
      signingFlow: 'SEQUENCE',
      signatureSize: 'large',
      sealPage: 2,
      sealSize: 'small',
      language: 'de',
      signatories: [
        {
          name: 'B',
          email: 'b@x.lu',
          mobile: '+352691000002',
          order: 2,
          placement: { page: 1, position: 'top-left' },
        },
        {
          name: 'A',
          email: 'a@x.lu',
          mobile: '+352691000001',
          order: 1,
          placement: { page: 3, position: 'top-right' },
        },
      ],
    } as unknown as SignatureRequestView;
    const state = wizardStateFromRequest(request, () => `k${++next}`, 'fr');
    expect(state.signatories.map((s) => s.name)).toEqual(['A', 'B']);
    expect(state.document?.pageCount).toBe(3);
    expect(state.options).toMatchObject({ signingFlow: 'SEQUENCE', sealPage: 2, language: 'de' });
    expect(buildSignatureInput(state, state.document!).signatories.map((s) => s.order)).toEqual([1, 2]);
  });
});
