import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  amountInFrenchWords,
  ErrorCode,
  itemsOf,
  repeatSections,
  TEMPLATE_DEFINITIONS,
  TEMPLATE_TYPES,
  templateFields,
  templateRisk,
  RISK_LEVEL_LABELS,
  type SignatureRequestView,
  toCents,
  type PdfTemplateResponse,
  type TemplateDefinition,
  type TemplateFormData,
  type TemplateType,
} from '@esign/shared';
import { type TemplateSummary } from '../src/modules/documents/template-summary';
import { OBJECT_STORAGE, type ObjectStorage } from '../src/modules/storage/object-storage.port';
import { avatarKeys } from '../src/modules/users/avatar-keys';
import { createMember, type Member, signInAdministrator } from './support/members';
import { fixturePdf, partySignatories, signatureInput, uploadPdf } from './support/signature-fixtures';
import { startTestApp, type TestApp } from './support/test-app';

const COMPANY = 'Agence Alzette Immobilier SARL';
const definitions = TEMPLATE_TYPES.map((type) => TEMPLATE_DEFINITIONS[type]).filter(
  (definition): definition is TemplateDefinition => definition !== undefined,
);

/** The fields of each form that hold a person's or a company's name. */
const NAME_FIELDS: Partial<Record<TemplateType, string[]>> = {
  NaturalPerson: ['nom', 'prenoms'],
  NaturalPersonAgent: ['nom', 'representeNom'],
  LegalEntity: ['denomination'],
  LegalEntityAgent: ['nom', 'entiteDenomination'],
  BeneficialOwnerDeclaration: ['denomination', 'signataireNom'],
  AmlRiskAssessment: ['clientNom'],
  PepScreening: ['nom', 'prenoms'],
  BeneficialOwnerIdentification: ['entiteDenomination'],
};
/** Lists whose items are named people (their `nom`, or the holder in a chain of control). */
const NAMED_ITEMS: Record<string, string> = {
  vendeurs: 'nom',
  acquereurs: 'nom',
  mandants: 'nom',
  dirigeants: 'nom',
  beneficiaires: 'nom',
  chaine: 'detenteur',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function expectedNames(definition: TemplateDefinition, data: TemplateFormData): string[] {
  const own = (NAME_FIELDS[definition.type] ?? []).map((name) => text(data[name]));
  const listed = repeatSections(definition).flatMap((section) => {
    const field = NAMED_ITEMS[section.repeat.name];
    return field ? itemsOf(data, section.repeat.name).map((item) => text(item[field])) : [];
  });
  return [...own, ...listed].filter(Boolean);
}

/** The main amount of the document, when it has one: the price, or the asking price of a mandate. */
function expectedAmount(data: TemplateFormData): string | null {
  const amount = data.prix ?? data.prixPresentation;
  return typeof amount === 'number' ? amountInFrenchWords(toCents(amount)) : null;
}

function expectedParcels(data: TemplateFormData): string[] {
  return itemsOf(data, 'parcelles').map(
    (parcel) =>
      `Commune de ${text(parcel.commune)}, section ${text(parcel.section)}, numéro ${text(parcel.numero)}`,
  );
}

describe('templates (API, real database, poppler)', () => {
  let testApp: TestApp;
  let adminToken: string;
  let alice: Member;
  let workDir: string;
  const api = () => request(testApp.url);
  const as = (token: string, test: request.Test) => test.set('Authorization', `Bearer ${token}`);

  /** What a reader gets from the PDF: pdftotext's text, lower-cased, on one line. */
  function pdfText(pdf: Buffer, name: string): string {
    const file = join(workDir, `${name}.pdf`);
    writeFileSync(file, pdf);
    const extracted = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return extracted.replace(/[\s\u00a0]+/g, ' ').toLowerCase();
  }

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'templates-e2e-'));
    testApp = await startTestApp();
    adminToken = await signInAdministrator(testApp);
    alice = await createMember(testApp, adminToken, {
      email: 'alice@agence-alzette.lu',
      name: 'Alice Weber',
    });
    await as(adminToken, api().put(`/api/users/${alice.id}`))
      .send({
        name: 'Alice Weber',
        email: alice.email,
        mobile: '621 123 456',
        language: 'fr',
        additionalInfo: { company: { name: COMPANY } },
      })
      .expect(200);
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  describe('GET /api/templates', () => {
    it('lists every template with its JSON Schema and a complete example, for members and admins', async () => {
      const listed = (await as(alice.token, api().get('/api/templates')).expect(200))
        .body as TemplateSummary[];
      expect(listed.map((entry) => entry.type)).toEqual(definitions.map((definition) => definition.type));
      for (const entry of listed) {
        const definition = TEMPLATE_DEFINITIONS[entry.type] as TemplateDefinition;
        expect(entry.title).toBe(definition.title);
        expect(entry.example).toEqual(JSON.parse(JSON.stringify(definition.example)));
        expect(entry.schema).toMatchObject({
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          additionalProperties: false,
        });
        const required = templateFields(definition).filter((field) => field.required && !field.visibleWhen);
        expect(entry.schema.required).toEqual(expect.arrayContaining(required.map((field) => field.name)));
        const properties = entry.schema.properties as Record<string, unknown>;
        expect(Object.keys(entry.example).every((name) => name in properties)).toBe(true);
      }
      const admin = await as(adminToken, api().get('/api/templates')).expect(200);
      expect(admin.body).toEqual(listed);
      await api().get('/api/templates').expect(401);
    });
  });

  describe('POST /api/pdf', () => {
    it.each(definitions.map((definition) => [definition.type, definition] as const))(
      '%s: the example prints its parties, and the amount in words and cadastral designation it has',
      async (type, definition) => {
        const example = definition.example ?? {};
        const response = await as(alice.token, api().post('/api/pdf'))
          .send({ documentType: 'TEMPLATE', templateType: type, formData: example })
          .expect(201);
        const body = response.body as PdfTemplateResponse;
        const content = pdfText(Buffer.from(body.pdfBase64, 'base64'), type);
        expect(content).toContain(definition.title.toLowerCase());
        expect(content).toContain(COMPANY.toLowerCase());
        expect(content).toContain(`page ${body.pdfPageCount} / ${body.pdfPageCount}`);
        const names = expectedNames(definition, example);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(content).toContain(name.toLowerCase());
        const amount = expectedAmount(example);
        if (amount) expect(content).toContain(amount);
        for (const parcel of expectedParcels(example)) expect(content).toContain(parcel.toLowerCase());
      },
    );

    it.each(definitions.map((definition) => [definition.type, definition] as const))(
      '%s: an empty form is refused, naming each required field and group',
      async (type, definition) => {
        const response = await as(alice.token, api().post('/api/pdf'))
          .send({ documentType: 'TEMPLATE', templateType: type, formData: {} })
          .expect(422);
        expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
        const required = [
          ...templateFields(definition)
            .filter((field) => field.required)
            .map((field) => field.name),
          ...repeatSections(definition).map((section) => section.repeat.name),
        ];
        const errors = response.body.errors as Record<string, string>;
        expect(errors).toMatchObject(
          Object.fromEntries(required.map((name) => [`formData.${name}`, 'validation.required'])),
        );
        // Whatever else is named is required by a condition (e.g. no beneficial owner yet found).
        expect(new Set(Object.values(errors))).toEqual(new Set(['validation.required']));
      },
    );

    it('names a wrong field inside a repeated group by its path', async () => {
      const example = TEMPLATE_DEFINITIONS.FlatSalesAgreement?.example ?? {};
      const [first, second] = itemsOf(example, 'vendeurs');
      const response = await as(alice.token, api().post('/api/pdf'))
        .send({
          documentType: 'FlatSalesAgreement',
          formData: {
            ...example,
            vendeurs: [first, { ...second, rcs: 'B1234567', nom: '' }],
            parcelles: [{ ...itemsOf(example, 'parcelles')[0], numero: '143-1012' }],
            moyenPaiement: 'espèces',
          },
        })
        .expect(422);
      expect(response.body.errors).toEqual({
        'formData.vendeurs.1.nom': 'validation.required',
        'formData.vendeurs.1.rcs': 'validation.registrationNumber',
        'formData.parcelles.0.numero': 'validation.cadastralParcel',
        'formData.moyenPaiement': 'validation.cashRefused',
      });
    });

    it('requires enhanced due diligence on a high-risk assessment', async () => {
      const example = TEMPLATE_DEFINITIONS.AmlRiskAssessment?.example ?? {};
      const response = await as(alice.token, api().post('/api/pdf'))
        .send({ documentType: 'AmlRiskAssessment', formData: { ...example, origineFonds: '' } })
        .expect(422);
      expect(response.body.errors).toEqual({ 'formData.origineFonds': 'validation.required' });
    });
  });

  describe('POST /api/templates/{type}/preview', () => {
    const preview = (token: string, type: string, formData: unknown) =>
      as(token, api().post(`/api/templates/${type}/preview`)).send({ formData });

    it('prints a half-filled form as it stands, leaving wrong values blank, and stores nothing', async () => {
      const example = TEMPLATE_DEFINITIONS.FlatSalesAgreement?.example ?? {};
      const [first] = itemsOf(example, 'vendeurs');
      const before = await as(alice.token, api().get('/api/signatures')).expect(200);
      const response = await preview(alice.token, 'FlatSalesAgreement', {
        vendeurs: [{ ...first, rcs: 'B1234567', nom: 'Kieffer-Hoffmann' }],
        prix: 'not a number',
        surprise: 'ignored',
      })
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200)
        .expect('Content-Type', 'application/pdf')
        .expect('Cache-Control', 'no-store');
      const pdf = response.body as Buffer;
      expect(Number(response.headers['x-page-count'])).toBeGreaterThan(0);
      const content = pdfText(pdf, 'preview');
      expect(content).toContain('compromis de vente');
      expect(content).toContain('kieffer-hoffmann');
      expect(content).not.toContain('b1234567');
      expect(content).not.toContain('surprise');
      // Nothing was stored: the member's documents and requests are as before.
      const after = await as(alice.token, api().get('/api/signatures')).expect(200);
      expect(after.headers['content-range']).toBe(before.headers['content-range']);
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      const rows: unknown[] = await testApp.app
        .get(DataSource)
        .query(`SELECT 1 FROM document WHERE owner_id = $1 AND sha256 = $2`, [alice.id, sha256]);
      expect(rows).toEqual([]);
    });

    it('refuses an unknown template, form data that is not an object, and an anonymous caller', async () => {
      const unknown = await preview(alice.token, 'Testament', {}).expect(422);
      expect(unknown.body.errors).toEqual({ templateType: 'validation.templateUnavailable' });
      await preview(alice.token, 'NaturalPerson', 'nom=Weber').expect(422);
      await as(alice.token, api().post('/api/templates/NaturalPerson/preview')).send({}).expect(422);
      await api().post('/api/templates/NaturalPerson/preview').send({ formData: {} }).expect(401);
    });
  });

  describe("the member's letterhead", () => {
    it('prints the logo, the address, the RCS and the VAT number on every page', async () => {
      const bob = await createMember(testApp, adminToken, {
        email: 'bob@agence-moselle.lu',
        name: 'Bob Schmit',
      });
      await as(adminToken, api().put(`/api/users/${bob.id}`))
        .send({
          name: 'Bob Schmit',
          email: bob.email,
          mobile: '621 765 432',
          language: 'fr',
          additionalInfo: {
            company: { name: 'Agence Moselle SARL', registrationNumber: 'B278900', vatNumber: 'LU15027442' },
            address: {
              addressLine1: '5, route du Vin',
              postalCode: '5401',
              city: 'Ahn',
              country: 'Luxembourg',
            },
          },
        })
        .expect(200);
      const { body } = await as(bob.token, api().get('/api/users/me/avatar')).expect(200);
      const png = await sharp({ create: { width: 400, height: 160, channels: 3, background: '#1e5aa0' } })
        .png()
        .toBuffer();
      const put = await fetch(new URL(body.avatar.url, testApp.url), {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: png,
      });
      expect(put.status).toBeLessThan(300);
      await as(bob.token, api().post('/api/users/me/avatar')).expect(200);

      const definition = TEMPLATE_DEFINITIONS.FlatSalesAgreement as TemplateDefinition;
      const generated = await as(bob.token, api().post('/api/pdf'))
        .send({ documentType: 'FlatSalesAgreement', formData: definition.example })
        .expect(201);
      const { pdfBase64, pdfPageCount } = generated.body as PdfTemplateResponse;
      const file = join(workDir, 'letterhead.pdf');
      writeFileSync(file, Buffer.from(pdfBase64, 'base64'));
      for (let page = 1; page <= pdfPageCount; page += 1) {
        const pageText = execFileSync(
          'pdftotext',
          ['-enc', 'UTF-8', '-f', `${page}`, '-l', `${page}`, file, '-'],
          {
            encoding: 'utf8',
          },
        );
        expect(pageText).toContain('Agence Moselle SARL');
        expect(pageText).toContain('5, route du Vin, L-5401 Ahn');
        expect(pageText).toContain('RCS Luxembourg B278900 · TVA LU15027442');
      }
      // pdfimages lists one image per page: the logo, drawn from a single embedded copy.
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((line) => /\bimage\b/.test(line));
      expect(images).toHaveLength(pdfPageCount);

      // A logo the store cannot give back costs the logo, not the document.
      await testApp.app.get<ObjectStorage>(OBJECT_STORAGE).delete(avatarKeys(bob.id).logo);
      const without = await as(bob.token, api().post('/api/pdf'))
        .send({ documentType: 'FlatSalesAgreement', formData: definition.example })
        .expect(201);
      writeFileSync(file, Buffer.from((without.body as PdfTemplateResponse).pdfBase64, 'base64'));
      expect(pdfText(readFileSync(file), 'letterhead-without-logo')).toContain('agence moselle sarl');
      const none = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2);
      expect(none.filter((line) => /\bimage\b/.test(line))).toEqual([]);
    });
  });

  describe('AML risk kept with the request', () => {
    it('stores the level printed on the form with the request, and filters requests by it', async () => {
      const definition = TEMPLATE_DEFINITIONS.AmlRiskAssessment as TemplateDefinition;
      const example = definition.example ?? {};
      const expected = templateRisk('AmlRiskAssessment', example);
      expect(expected?.level).toBe('high');
      const generated = await as(alice.token, api().post('/api/pdf'))
        .send({ documentType: 'TEMPLATE', templateType: 'AmlRiskAssessment', formData: example })
        .expect(201);
      const { documentId, pdfBase64 } = generated.body as PdfTemplateResponse;
      const printed = pdfText(Buffer.from(pdfBase64, 'base64'), 'risk');
      expect(printed).toContain(`niveau de risque calculé ${RISK_LEVEL_LABELS.high.toLowerCase()}`);

      const created = await as(alice.token, api().post('/api/signatures'))
        .send(
          signatureInput(documentId, {
            documentType: 'TEMPLATE',
            templateType: 'AmlRiskAssessment',
            documentName: 'Évaluation du risque.pdf',
            signatories: partySignatories('AmlRiskAssessment', example),
          }),
        )
        .expect(201);
      const request = created.body as SignatureRequestView;
      expect(request.amlRisk).toMatchObject({
        level: 'high',
        score: expected?.score,
        enhancedDueDiligence: true,
        ruleVersion: expected?.ruleVersion,
      });
      expect(request.amlRisk?.drivers.map((driver) => driver.reason)).toEqual(
        expected?.drivers.map((driver) => driver.reason),
      );
      const read = await as(alice.token, api().get(`/api/signatures/${request.id}/details`)).expect(200);
      expect(read.body.amlRisk).toEqual(request.amlRisk);

      const custom = await uploadPdf(testApp.url, alice.token, fixturePdf('pdflatex-4-pages.pdf'));
      const plain = await as(alice.token, api().post('/api/signatures'))
        .send(signatureInput(custom.documentId))
        .expect(201);
      expect((plain.body as SignatureRequestView).amlRisk).toBeNull();

      const listed = await as(alice.token, api().get('/api/signatures'))
        .query({ filter: JSON.stringify({ amlRiskLevel: 'high' }) })
        .expect(200);
      expect((listed.body as SignatureRequestView[]).map((item) => item.id)).toEqual([request.id]);
      const none = await as(alice.token, api().get('/api/signatures'))
        .query({ filter: JSON.stringify({ amlRiskLevel: 'low' }) })
        .expect(200);
      expect(none.body).toEqual([]);
      const wrong = await as(alice.token, api().get('/api/signatures'))
        .query({ filter: JSON.stringify({ amlRiskLevel: 'extreme' }) })
        .expect(422);
      expect(wrong.body.errors).toEqual({ 'filter.amlRiskLevel': 'validation.isIn' });
    });
  });
});
