import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  amountInFrenchWords,
  ErrorCode,
  itemsOf,
  repeatSections,
  TEMPLATE_DEFINITIONS,
  TEMPLATE_TYPES,
  templateFields,
  toCents,
  type PdfTemplateResponse,
  type TemplateDefinition,
  type TemplateFormData,
  type TemplateType,
} from '@esign/shared';
import { type TemplateSummary } from '../src/modules/documents/template-summary';
import { createMember, type Member, signInAdministrator } from './support/members';
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
});
