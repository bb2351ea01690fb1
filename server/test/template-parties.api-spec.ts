import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  FLAT_SALES_AGREEMENT,
  itemsOf,
  type PdfTemplateResponse,
  type SignatoryInput,
  type SignatureRequestInput,
  type SignatureRequestView,
  type TemplateFormData,
} from '@esign/shared';
import { intersects, signatureBox } from '@esign/pdf-signing';
import { createMember, signInAdministrator, type Member } from './support/members';
import {
  fixturePdf,
  nextMobile,
  partySignatories,
  signatureInput,
  uploadPdf,
} from './support/signature-fixtures';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * A generated document is signed by its parties: the request names, for each party, the person the form
 * names, and each signs in the frame printed for that party. Strangers put in the parties' place, a party
 * left out or taken twice, and an extra whose block would cover a frame are refused field by field, and
 * nothing is created.
 */

const EXAMPLE = FLAT_SALES_AGREEMENT.example ?? {};
const [SELLER, COMPANY_SELLER] = itemsOf(EXAMPLE, 'vendeurs');
const [BUYER] = itemsOf(EXAMPLE, 'acquereurs');

/** Marc Schmit and Paul Weber sell to Anne Muller. */
function agreementForm(): TemplateFormData {
  const person = (nom: string, prenoms: string, civilite: string) => ({
    ...SELLER,
    nom,
    prenoms,
    civilite,
    email: `${prenoms.toLowerCase()}.${nom.toLowerCase()}@example.lu`,
    mobile: nextMobile(),
  });
  return {
    ...EXAMPLE,
    vendeurs: [
      person('Schmit', 'Marc', 'M.'),
      { ...COMPANY_SELLER, representant: 'Paul Weber, gérant', mobile: nextMobile() },
    ],
    acquereurs: [{ ...BUYER, ...person('Muller', 'Anne', 'Mme'), quotePartAcquisition: null }],
  };
}

describe('the parties of a generated document sign it (API, real database)', () => {
  let testApp: TestApp;
  let member: Member;
  const api = () => request(testApp.url);
  const as = (test: request.Test) => test.set('Authorization', `Bearer ${member.token}`);
  const requestCount = async (): Promise<number> => {
    const [row] = await testApp.app
      .get<DataSource>(getDataSourceToken())
      .query<{ count: string }[]>('SELECT count(*) FROM signature_request WHERE owner_id = $1', [member.id]);
    return Number(row?.count ?? 0);
  };

  async function generate(form: TemplateFormData): Promise<PdfTemplateResponse> {
    const response = await as(api().post('/api/pdf'))
      .send({ documentType: 'TEMPLATE', templateType: 'FlatSalesAgreement', formData: form })
      .expect(201);
    return response.body as PdfTemplateResponse;
  }

  function input(generated: PdfTemplateResponse, signatories: SignatoryInput[]): SignatureRequestInput {
    return signatureInput(generated.documentId, {
      documentType: 'TEMPLATE',
      templateType: 'FlatSalesAgreement',
      documentName: 'compromis.pdf',
      sealPage: generated.pdfPageCount,
      signatories,
    });
  }

  async function refused(body: SignatureRequestInput): Promise<Record<string, string>> {
    const before = await requestCount();
    const response = await as(api().post('/api/signatures')).send(body).expect(422);
    expect(await requestCount()).toBe(before);
    return response.body.errors as Record<string, string>;
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    member = await createMember(testApp, await signInAdministrator(testApp), {
      email: 'parties@agence-nord.lu',
      name: 'Agence du Nord',
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('refuses two strangers in place of the sellers and the buyer', async () => {
    const generated = await generate(agreementForm());
    const strangers = [
      { name: 'Luc Hoffmann', email: 'luc@example.lu', mobile: nextMobile() },
      { name: 'Claire Reuter', email: 'claire@example.lu', mobile: nextMobile() },
    ].map((person, index) => ({
      ...person,
      order: index + 1,
      placement: { page: generated.pdfPageCount, position: 'bottom-left' as const },
    }));
    expect(await refused(input(generated, strangers))).toEqual({
      signatories: 'validation.partyMissing',
      'signatories.0.role': 'validation.extraRoleRequired',
      'signatories.1.role': 'validation.extraRoleRequired',
    });
    // Put in the parties' place, they are not the people the form names.
    const impostors = strangers.map(({ placement: _placement, ...person }, index) => ({
      ...person,
      party: ['vendeurs.0', 'acquereurs.0'][index],
    }));
    const errors = await refused(input(generated, impostors));
    expect(errors).toMatchObject({
      signatories: 'validation.partyMissing',
      'signatories.0.name': 'validation.partyNameMismatch',
      'signatories.0.email': 'validation.partyEmailMismatch',
      'signatories.0.mobile': 'validation.partyMobileMismatch',
      'signatories.1.name': 'validation.partyNameMismatch',
    });
  });

  it('refuses a party left out, taken twice or unknown, and a party on an uploaded PDF', async () => {
    const form = agreementForm();
    const generated = await generate(form);
    const parties = partySignatories('FlatSalesAgreement', form);
    expect(await refused(input(generated, parties.slice(0, 2)))).toEqual({
      signatories: 'validation.partyMissing',
    });
    const twice = [...parties, { ...parties[0]!, order: 4, mobile: nextMobile() }];
    expect(await refused(input(generated, twice))).toMatchObject({
      'signatories.3.party': 'validation.partyTaken',
    });
    const unknown = [...parties, { ...parties[0]!, party: 'vendeurs.5', order: 4, mobile: nextMobile() }];
    expect(await refused(input(generated, unknown))).toMatchObject({
      'signatories.3.party': 'validation.partyUnknown',
    });
    const upload = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
    const onUpload = signatureInput(upload.documentId, { signatories: [{ ...parties[0]!, order: 1 }] });
    expect(await refused(onUpload)).toMatchObject({ 'signatories.0.party': 'validation.partyUnknown' });
  });

  it('creates the request of the three parties, in their frames, with a witness as an explicit extra', async () => {
    const form = agreementForm();
    const generated = await generate(form);
    const parties = partySignatories('FlatSalesAgreement', form);
    const witness: SignatoryInput = {
      name: 'Luc Hoffmann',
      email: 'luc@example.lu',
      mobile: nextMobile(),
      order: 4,
      role: 'Témoin',
      placement: { page: 1, position: 'top-right' },
    };
    const created = await as(api().post('/api/signatures'))
      .send(input(generated, [...parties, witness]))
      .expect(201);
    const view = created.body as SignatureRequestView;
    const frames = generated.layout?.frames ?? [];
    expect(
      view.signatories.map(({ name, party, role, placement }) => ({
        name,
        party,
        role,
        page: placement.page,
      })),
    ).toEqual([
      { name: 'Marc Schmit', party: 'vendeurs.0', role: 'Vendeur', page: frames[0]?.page },
      { name: 'Paul Weber, gérant', party: 'vendeurs.1', role: 'Vendeur', page: frames[1]?.page },
      { name: 'Anne Muller', party: 'acquereurs.0', role: 'Acquéreur', page: frames[2]?.page },
      { name: 'Luc Hoffmann', party: null, role: 'Témoin', page: 1 },
    ]);
  });

  it('refuses an extra whose block would cover a party’s frame', async () => {
    const many = (item: TemplateFormData | undefined, name: string) =>
      Array.from({ length: 6 }, (_, index) => ({
        ...item,
        representant: `${name} ${index + 1}, gérant`,
        mobile: nextMobile(),
        ...(name === 'Acheteur' ? { quotePartAcquisition: index < 4 ? 16.67 : 16.66 } : {}),
      }));
    const form = {
      ...agreementForm(),
      vendeurs: many(COMPANY_SELLER, 'Vendeur'),
      acquereurs: many({ ...COMPANY_SELLER, quotePartAcquisition: null }, 'Acheteur'),
    };
    const generated = await generate(form);
    const frames = generated.layout?.frames ?? [];
    // The highest frame of the left column reaches up to the top-left corner of its page.
    const high = frames.filter((frame) => frame.rect.x < 100).sort((a, b) => b.rect.y - a.rect.y)[0];
    const corner = signatureBox(
      { x: 0, y: 0, width: 595.28, height: 841.89 },
      { page: 1, position: 'top-left', slot: 0 },
      'default',
    );
    expect(high && intersects(high.rect, corner)).toBe(true);
    const witness: SignatoryInput = {
      name: 'Luc Hoffmann',
      email: 'luc@example.lu',
      mobile: nextMobile(),
      order: 13,
      role: 'Témoin',
      placement: { page: high?.page ?? 1, position: 'top-left' },
    };
    const parties = partySignatories('FlatSalesAgreement', form);
    expect(await refused(input(generated, [...parties, witness]))).toEqual({
      'signatories.12.placement': 'validation.placementOverFrame',
    });
  });
});
