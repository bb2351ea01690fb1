import { type TemplateDefinition, type TemplateFormData, type TemplateItem } from '../templates';
import { TEMPLATE_TYPES } from '../signatures';
import {
  FLAT_SALES_AGREEMENT,
  TEMPLATE_DEFINITIONS,
  cleanTemplateData,
  isFieldVisible,
  itemsOf,
  repeatSections,
  templateFields,
  validateTemplateData,
} from './index';

const TODAY = '2026-04-01';
const DEFINITIONS = Object.entries<TemplateDefinition>(
  TEMPLATE_DEFINITIONS as Record<string, TemplateDefinition>,
);
const example = (definition: TemplateDefinition): TemplateFormData => definition.example ?? {};
const blank = (value: unknown) => value === undefined || value === null || value === '';

describe.each(DEFINITIONS)('%s', (type, definition) => {
  it('is a known type with unique field names in each scope and real choices', () => {
    expect(TEMPLATE_TYPES).toContain(type);
    expect(definition.type).toBe(type);
    const scopes = [
      templateFields(definition),
      ...repeatSections(definition).map((section) => section.fields),
    ];
    for (const fields of scopes) {
      const names = fields.map((field) => field.name);
      expect(new Set(names).size).toBe(names.length);
      for (const field of fields.filter((candidate) => candidate.type === 'enum')) {
        expect(field.options?.length).toBeGreaterThan(1);
      }
    }
    const lists = repeatSections(definition).map((section) => section.repeat.name);
    expect(lists.filter((name) => templateFields(definition).some((field) => field.name === name))).toEqual(
      [],
    );
  });

  it('has a valid example that fills every field it asks', () => {
    const data = example(definition);
    expect(validateTemplateData(definition, data, TODAY)).toEqual({});
    const cleaned = cleanTemplateData(definition, data);
    const unfilled = templateFields(definition)
      .filter((field) => isFieldVisible(field, cleaned) && blank(cleaned[field.name]))
      .map((field) => field.name);
    for (const section of repeatSections(definition)) {
      itemsOf(cleaned, section.repeat.name).forEach((item: TemplateItem, index) => {
        for (const field of section.fields) {
          if (isFieldVisible(field, item, cleaned) && blank(item[field.name])) {
            // A single buyer has no share to state; a company no civil-status answers.
            if (field.name !== 'quotePartAcquisition')
              unfilled.push(`${section.repeat.name}.${index}.${field.name}`);
          }
        }
      });
    }
    expect(unfilled).toEqual([]);
  });

  it('names every required field and group of an empty form', () => {
    const errors = validateTemplateData(definition, {}, TODAY);
    const required = templateFields(definition).filter((field) => field.required);
    for (const field of required) expect(errors[field.name]).toBe('validation.required');
    for (const section of repeatSections(definition)) {
      expect(errors[section.repeat.name]).toBe('validation.required');
    }
    expect(Object.values(errors).every((key) => key === 'validation.required')).toBe(true);
  });
});

describe('repeated groups', () => {
  const flat = example(FLAT_SALES_AGREEMENT);
  const sellers = itemsOf(flat, 'vendeurs');
  const withSeller = (index: number, changes: TemplateItem) =>
    validateTemplateData(
      FLAT_SALES_AGREEMENT,
      { ...flat, vendeurs: sellers.map((seller, at) => (at === index ? { ...seller, ...changes } : seller)) },
      TODAY,
    );

  it('reports an item’s field by its path', () => {
    expect(withSeller(1, { nom: '' })).toEqual({ 'vendeurs.1.nom': 'validation.required' });
    expect(withSeller(0, { surprise: 'x' })).toEqual({ 'vendeurs.0.surprise': 'validation.unknownField' });
    expect(withSeller(0, { email: 'elodie@' })).toEqual({ 'vendeurs.0.email': 'validation.isEmail' });
  });

  it('checks the list itself', () => {
    const errorsFor = (vendeurs: unknown) =>
      validateTemplateData(FLAT_SALES_AGREEMENT, { ...flat, vendeurs }, TODAY);
    expect(errorsFor([])).toEqual({ vendeurs: 'validation.required' });
    expect(errorsFor('Müller')).toEqual({ vendeurs: 'validation.isArray' });
    const seven = Array.from({ length: 7 }, (_, index) => ({
      ...sellers[0],
      mobile: `+352 621 000 10${index}`,
    }));
    expect(errorsFor(seven)).toEqual({
      vendeurs: 'validation.maxItems',
    });
    expect(errorsFor([sellers[0], 'x'])).toEqual({ 'vendeurs.1': 'validation.isObject' });
  });

  it('asks a company for its own fields and ignores the natural person’s', () => {
    const company = { ...sellers[0], typePersonne: 'personne morale', formeJuridique: null };
    expect(withSeller(0, company)).toEqual({
      'vendeurs.0.formeJuridique': 'validation.required',
      'vendeurs.0.rcs': 'validation.required',
      'vendeurs.0.representant': 'validation.required',
    });
    const cleaned = cleanTemplateData(FLAT_SALES_AGREEMENT, { ...flat, vendeurs: [{ ...company }] });
    expect(itemsOf(cleaned, 'vendeurs')[0]?.prenoms).toBeNull();
  });

  it('asks for the matrimonial regime of a married seller only', () => {
    expect(withSeller(0, { regimeMatrimonial: null })).toEqual({
      'vendeurs.0.regimeMatrimonial': 'validation.required',
    });
    expect(withSeller(0, { etatCivil: 'célibataire', regimeMatrimonial: null })).toEqual({});
  });
});

describe('conditional fields', () => {
  const flat = example(FLAT_SALES_AGREEMENT);
  const errorsFor = (changes: TemplateFormData) =>
    validateTemplateData(FLAT_SALES_AGREEMENT, { ...flat, ...changes }, TODAY);

  it('requires the loan’s terms when there is a loan, and ignores them otherwise', () => {
    expect(errorsFor({ pretMontant: null, pretDateLimite: '' })).toEqual({
      pretMontant: 'validation.required',
      pretDateLimite: 'validation.required',
    });
    expect(errorsFor({ pret: false, pretMontant: null, pretDuree: 'n/a' })).toEqual({});
  });

  it('requires the lease when the property is let', () => {
    expect(errorsFor({ bailDate: null })).toEqual({ bailDate: 'validation.required' });
    expect(errorsFor({ occupation: "libre d'occupation", bailDate: null, bailLoyer: null })).toEqual({});
  });
});
