import { type SignatureRequestInput } from '@esign/shared';
import { placedSignatories, signatureRequestInput } from './signature-requests';

const ANNE = { name: 'Anne Muller', email: 'anne@example.lu', mobile: '+352621123456' };
const PAUL = { name: 'Paul Weber', email: 'paul@example.lu', mobile: '+352621123457', role: 'Témoin' };

describe('the body of POST /api/signatures', () => {
  it('is the wizard defaults on the document, with what the caller gives', () => {
    const input = signatureRequestInput('doc-1', {
      signatureTitle: 'Bail',
      signingMode: 'ADVANCED',
      signatories: placedSignatories([ANNE]),
    });
    expect(input).toEqual({
      signatureTitle: 'Bail',
      documentType: 'CUSTOM',
      documentId: 'doc-1',
      templateType: null,
      documentName: 'compromis.pdf',
      signingMode: 'ADVANCED',
      signingFlow: 'CONCURRENT',
      signatureSize: 'default',
      sealPage: 1,
      sealSize: 'default',
      signatories: [{ ...ANNE, order: 1, placement: { page: 1, position: 'bottom-left' } }],
    } satisfies SignatureRequestInput);
  });

  it('places signatories in order, in two corners taken in turn, keeping what else they carry', () => {
    const signatories = placedSignatories([ANNE, PAUL, ANNE], {
      page: 3,
      corners: ['bottom-right', 'bottom-left'],
    });
    expect(signatories.map(({ order, placement }) => [order, placement?.page, placement?.position])).toEqual([
      [1, 3, 'bottom-right'],
      [2, 3, 'bottom-left'],
      [3, 3, 'bottom-right'],
    ]);
    expect(signatories[1]?.role).toBe('Témoin');
  });

  it('is checked against the shared contract', () => {
    // @ts-expect-error a field the contract does not have is refused at compile time
    signatureRequestInput('doc-1', { signatories: [], signatureName: 'Bail' });
    // @ts-expect-error a signing mode the contract does not list is refused at compile time
    signatureRequestInput('doc-1', { signatories: [], signingMode: 'EASY' });
  });
});
