import { type TemplateDefinition } from '../templates';
import { TEMPLATE_TYPES } from '../signatures';
import {
  NATURAL_PERSON,
  TEMPLATE_DEFINITIONS,
  cleanTemplateData,
  templateFields,
  validateTemplateData,
} from './index';

const TODAY = '2026-03-05';

const VALID: Record<string, unknown> = {
  nom: 'Müller-Schäfer',
  prenoms: 'Élodie Marie',
  sexe: 'Féminin',
  dateNaissance: '1983-12-01',
  lieuNaissance: 'Esch-sur-Alzette',
  paysNaissance: 'Luxembourg',
  nationalites: 'luxembourgeoise',
  matricule: '1983120105747',
  profession: 'Ingénieure',
  etatCivil: 'célibataire',
  capaciteJuridique: 'majeur capable',
  adresseNumero: '12',
  adresseRue: "rue de l'Alzette",
  adresseCodePostal: 'L-4011',
  adresseLocalite: 'Esch-sur-Alzette',
  adressePays: 'Luxembourg',
  email: 'elodie@example.lu',
  telephone: '+352 621 123 456',
  pieceType: 'passeport',
  pieceNumero: 'AB123456',
  piecePaysEmission: 'Luxembourg',
  pieceDateExpiration: '2030-01-01',
  role: 'vendeur',
  agitPourComptePropre: true,
  verificationDate: '2026-03-01',
  verificationMethode: 'en présence',
  verifiePar: 'Anne Agent',
  agentNom: 'Anne Agent',
  agentEmail: 'anne.agent@example.lu',
  agentMobile: '+352 691 000 001',
  noticeDonnees: true,
  signatureLieu: 'Luxembourg',
  signatureDate: '2026-03-05',
};

const errorsFor = (changes: Record<string, unknown>, definition: TemplateDefinition = NATURAL_PERSON) =>
  validateTemplateData(definition, { ...VALID, ...changes }, TODAY);

describe('template definitions', () => {
  it.each(Object.entries(TEMPLATE_DEFINITIONS))('%s is consistent', (type, definition) => {
    expect(TEMPLATE_TYPES).toContain(type);
    expect(definition?.type).toBe(type);
    const names = templateFields(definition).map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    for (const field of templateFields(definition)) {
      if (field.type === 'enum') expect(field.options?.length).toBeGreaterThan(1);
    }
  });

  it('has the natural-person form with between 20 and 40 fields', () => {
    expect(templateFields(NATURAL_PERSON).length).toBeGreaterThanOrEqual(20);
    expect(templateFields(NATURAL_PERSON).length).toBeLessThanOrEqual(40);
  });
});

describe('validateTemplateData', () => {
  it('accepts a complete form', () => {
    expect(validateTemplateData(NATURAL_PERSON, VALID, TODAY)).toEqual({});
  });

  it('names every missing required field and every unknown one', () => {
    const { nom: _nom, email: _email, ...incomplete } = VALID;
    expect(validateTemplateData(NATURAL_PERSON, { ...incomplete, extra: 1 }, TODAY)).toEqual({
      nom: 'validation.required',
      email: 'validation.required',
      extra: 'validation.unknownField',
    });
    expect(errorsFor({ nom: '   ' })).toEqual({ nom: 'validation.required' });
  });

  it.each([
    [{ dateNaissance: '1985-02-30' }, { dateNaissance: 'validation.date' }],
    [{ sexe: 'F' }, { sexe: 'validation.isIn' }],
    [{ agitPourComptePropre: 'true' }, { agitPourComptePropre: 'validation.isBoolean' }],
    [{ nom: 'x'.repeat(101) }, { nom: 'validation.maxLength' }],
    [{ nom: 42 }, { nom: 'validation.isString' }],
    [{ email: 'elodie@' }, { email: 'validation.isEmail' }],
    [{ matricule: '1893120105733' }, { matricule: 'validation.nationalRegistrationNumber' }],
  ])('refuses a wrong value: %j', (changes, expected) => {
    expect(errorsFor(changes)).toEqual(expected);
  });

  it.each([
    [{ matricule: null }, { matricule: 'validation.required' }],
    [{ dateNaissance: '1985-04-23' }, { matricule: 'validation.matriculeBirthDate' }],
    [
      { dateNaissance: '2027-01-01', matricule: null, adressePays: 'France' },
      { dateNaissance: 'validation.dateInFuture' },
    ],
    [{ adresseCodePostal: 'L-401' }, { adresseCodePostal: 'validation.postalCode' }],
    [{ etatCivil: 'marié(e)' }, { regimeMatrimonial: 'validation.required' }],
    [{ pieceDateExpiration: '2026-03-04' }, { pieceDateExpiration: 'validation.documentExpired' }],
    [{ agitPourComptePropre: false }, { mandant: 'validation.required' }],
    [{ role: 'acquéreur' }, { origineFonds: 'validation.required' }],
    [{ noticeDonnees: false }, { noticeDonnees: 'validation.mustAccept' }],
  ])('applies the rules between fields: %j', (changes, expected) => {
    expect(errorsFor(changes)).toEqual(expected);
  });

  it('does not ask a non-resident for a Luxembourg matricule or postal code', () => {
    expect(errorsFor({ adressePays: 'France', matricule: null, adresseCodePostal: '57000' })).toEqual({});
  });
});

describe('cleanTemplateData', () => {
  it('keeps known fields only, trimmed and in NFC, with blanks as null', () => {
    const cleaned = cleanTemplateData(NATURAL_PERSON, {
      ...VALID,
      nom: '  Mu\u0308ller ',
      telephone: '',
      extra: 'dropped',
    });
    expect(cleaned.nom).toBe('Müller');
    expect(cleaned.telephone).toBeNull();
    expect(cleaned.agitPourComptePropre).toBe(true);
    expect(cleaned).not.toHaveProperty('extra');
    expect(Object.keys(cleaned)).toHaveLength(templateFields(NATURAL_PERSON).length);
  });
});
