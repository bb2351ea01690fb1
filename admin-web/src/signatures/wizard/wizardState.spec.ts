import { describe, expect, it } from 'vitest';
import { uploadedDocument, readyState } from './wizardFixtures';
import { initialWizardState, wizardReducer } from './wizardState';

describe('wizardReducer', () => {
  it('proposes the title and the last page for the seal from a new document', () => {
    const state = wizardReducer(initialWizardState('fr', 'k1'), {
      type: 'documentReady',
      document: uploadedDocument(6),
      title: 'compromis',
    });
    expect(state.options.signatureTitle).toBe('compromis');
    expect(state.options.sealPage).toBe(6);
  });

  it('keeps a title the member typed when the document changes', () => {
    let state = wizardReducer(initialWizardState('fr', 'k1'), {
      type: 'setOptions',
      options: { signatureTitle: 'Vente Weber' },
    });
    state = wizardReducer(state, { type: 'documentReady', document: uploadedDocument(), title: 'other' });
    expect(state.options.signatureTitle).toBe('Vente Weber');
  });

  it('drops placements beyond the pages of a shorter new document', () => {
    const state = wizardReducer(readyState(), {
      type: 'documentReady',
      document: uploadedDocument(2),
      title: 'x',
    });
    expect(state.signatories.map((s) => s.placement)).toEqual([null, null]);
    expect(state.options.sealPage).toBe(2);
  });

  it('resets the placements and keeps the signatories', () => {
    const state = wizardReducer(readyState(), { type: 'resetPlacements' });
    expect(state.signatories.map((s) => [s.name, s.placement])).toEqual([
      ['Anne Muller', null],
      ['Jean Weber', null],
    ]);
  });

  it('reorders signatories and forgets the errors keyed by their old positions', () => {
    const before = readyState({ errors: { 'signatories.0.email': 'validation.email', signatureTitle: 'x' } });
    const state = wizardReducer(before, { type: 'moveSignatory', from: 0, to: 1 });
    expect(state.signatories.map((s) => s.key)).toEqual(['k2', 'k1']);
    expect(state.errors).toEqual({ signatureTitle: 'x' });
  });

  it('clears a field’s error when it is edited', () => {
    const before = readyState({ errors: { 'signatories.1.mobile': 'validation.mobile' } });
    const state = wizardReducer(before, {
      type: 'updateSignatory',
      key: 'k2',
      field: 'mobile',
      value: '691',
    });
    expect(state.signatories[1]?.mobile).toBe('691');
    expect(state.errors).toEqual({});
  });

  it('keeps what was typed per template when switching templates', () => {
    let state = wizardReducer(initialWizardState('fr', 'k1'), {
      type: 'chooseTemplate',
      templateType: 'NaturalPerson',
    });
    state = wizardReducer(state, { type: 'setTemplateValue', name: 'lastName', value: 'Weber' });
    state = wizardReducer(state, { type: 'chooseTemplate', templateType: 'LegalEntity' });
    state = wizardReducer(state, { type: 'chooseTemplate', templateType: 'NaturalPerson' });
    expect(state.templateValues.NaturalPerson).toEqual({ lastName: 'Weber' });
    expect(state.templateDirty).toBe(true);
  });
});
