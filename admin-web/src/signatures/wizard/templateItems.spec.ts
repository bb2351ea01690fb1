import { FLAT_SALES_AGREEMENT, TEMPLATE_DEFINITIONS, type TemplateDefinition } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { applyTemplateItemAction, staleErrorPaths } from './templateItems';
import { templateFormData, type TemplateValues } from './templateValues';
import { initialWizardState, wizardReducer } from './wizardState';

const seller = { typePersonne: 'personne physique', nom: 'Müller' };

describe('applyTemplateItemAction', () => {
  it('adds, edits and removes items of a group', () => {
    let values: TemplateValues = {};
    values = applyTemplateItemAction(values, { type: 'addTemplateItem', list: 'vendeurs' });
    values = applyTemplateItemAction(values, { type: 'addTemplateItem', list: 'vendeurs' });
    values = applyTemplateItemAction(values, {
      type: 'setTemplateItemValue',
      list: 'vendeurs',
      index: 1,
      name: 'nom',
      value: 'Schäfer',
    });
    expect(values.vendeurs).toEqual([{}, { nom: 'Schäfer' }]);
    values = applyTemplateItemAction(values, { type: 'removeTemplateItem', list: 'vendeurs', index: 0 });
    expect(values.vendeurs).toEqual([{ nom: 'Schäfer' }]);
  });

  it('clears the errors an edit makes stale, and all of a group’s when items renumber', () => {
    const typed = staleErrorPaths({
      type: 'setTemplateItemValue',
      list: 'lots',
      index: 1,
      name: 'etage',
      value: '2',
    });
    expect(['formData.lots', 'formData.lots.1.etage', 'formData.lots.0.etage'].map(typed)).toEqual([
      true,
      true,
      false,
    ]);
    const removed = staleErrorPaths({ type: 'removeTemplateItem', list: 'lots', index: 0 });
    expect(['formData.lots.3.etage', 'formData.lotsX', 'formData.prix'].map(removed)).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('the wizard state', () => {
  it('keeps each template’s groups and marks the document as needing regeneration', () => {
    let state = wizardReducer(initialWizardState('fr', 'k1'), {
      type: 'chooseTemplate',
      templateType: 'FlatSalesAgreement',
    });
    state = wizardReducer(state, {
      type: 'setErrors',
      errors: { 'formData.vendeurs': 'validation.required' },
    });
    state = wizardReducer(state, { type: 'addTemplateItem', list: 'vendeurs' });
    state = wizardReducer(state, {
      type: 'setTemplateItemValue',
      list: 'vendeurs',
      index: 0,
      name: 'nom',
      value: 'Müller',
    });
    expect(state.templateValues.FlatSalesAgreement?.vendeurs).toEqual([{ nom: 'Müller' }]);
    expect(state.templateDirty).toBe(true);
    expect(state.errors).toEqual({});
  });
});

describe('templateFormData with groups and conditions', () => {
  const flat = FLAT_SALES_AGREEMENT;

  it('keys the errors of an item by its path, in the order of the form', () => {
    const { errors } = templateFormData(flat, {
      vendeurs: [seller, { typePersonne: 'personne morale', nom: 'SCI' }],
    });
    const paths = Object.keys(errors);
    expect(errors['formData.vendeurs.0.prenoms']).toBe('validation.required');
    expect(errors['formData.vendeurs.1.formeJuridique']).toBe('validation.required');
    // A company is not asked for first names, so none is required of it.
    expect(errors['formData.vendeurs.1.prenoms']).toBeUndefined();
    expect(errors['formData.acquereurs']).toBe('validation.required');
    expect(paths.indexOf('formData.vendeurs.0.prenoms')).toBeLessThan(paths.indexOf('formData.acquereurs'));
    expect(paths.indexOf('formData.acquereurs')).toBeLessThan(paths.indexOf('formData.prix'));
  });

  it('converts what was typed in items and leaves out what the answers made irrelevant', () => {
    const { data, errors } = templateFormData(flat, {
      lots: [{ surfaceUtile: '84,35', quotePart: '96', etage: '2e' }],
      pret: false,
      pretMontant: '600 000',
      vendeurs: [{ ...seller, typePersonne: 'personne morale', prenoms: 'Élodie' }],
    });
    expect(data.lots).toEqual([expect.objectContaining({ surfaceUtile: 84.35, quotePart: 96, etage: '2e' })]);
    expect(data).not.toHaveProperty('pretMontant');
    expect(data.vendeurs).toEqual([expect.not.objectContaining({ prenoms: 'Élodie' })]);
    expect(errors['formData.lots.0.surfaceUtile']).toBeUndefined();
  });

  it('reports an unreadable number in an item where it was typed', () => {
    const { errors } = templateFormData(flat, { lots: [{ surfaceUtile: 'grand' }] });
    expect(errors['formData.lots.0.surfaceUtile']).toBe('app.signature_wizard.errors.invalid_number');
  });

  it.each(
    Object.values(TEMPLATE_DEFINITIONS).filter(
      (definition): definition is TemplateDefinition => !!definition,
    ),
  )('accepts the example of $type typed as text', (definition) => {
    const typed = JSON.parse(
      JSON.stringify(definition.example, (_key, value: unknown) =>
        typeof value === 'number' ? String(value).replace('.', ',') : value === null ? '' : value,
      ),
    ) as TemplateValues;
    expect(templateFormData(definition, typed).errors).toEqual({});
  });

  it('requires the enhanced due diligence answers once the risk computes as high', () => {
    const assessment = TEMPLATE_DEFINITIONS.AmlRiskAssessment;
    if (!assessment) throw new Error('missing definition');
    const typed = { ...(assessment.example as TemplateValues), origineFonds: '' };
    expect(templateFormData(assessment, typed).errors).toEqual({
      'formData.origineFonds': 'validation.required',
    });
  });
});
