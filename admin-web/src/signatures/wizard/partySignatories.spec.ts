import { describe, expect, it } from 'vitest';
import { buildSignatureInput } from './payload';
import { emptySignatory, withTemplateParties } from './signatoryList';
import { validateStep } from './validation';
import { AGREEMENT_PARTIES, generatedDocument, identityTemplate, readyState } from './wizardFixtures';
import { initialWizardState, wizardReducer } from './wizardState';

const context = { hasLogo: true, definition: identityTemplate };

/** A wizard whose template was just generated with the agreement's three parties. */
function generated() {
  const start = { ...initialWizardState('fr', 'k1'), source: 'TEMPLATE' as const };
  return wizardReducer(start, {
    type: 'documentReady',
    document: generatedDocument(),
    title: 'Compromis',
    parties: AGREEMENT_PARTIES,
  });
}

describe('the parties of a generated document as its signatories', () => {
  it('lists the parties in the deed’s order, as the form names them, instead of the blank first card', () => {
    const state = generated();
    expect(
      state.signatories.map(({ party, role, name, placement }) => [party, role, name, placement]),
    ).toEqual([
      ['vendeurs.0', 'Vendeur', 'Marc Schmit', null],
      ['vendeurs.1', 'Vendeur, pour SCI Les Tilleuls', 'François Lefèvre, gérant', null],
      ['acquereurs.0', 'Acquéreur', 'Anne Muller', null],
    ]);
  });

  it('keeps the member’s order and extras when the same parties are generated again with new details', () => {
    let state = generated();
    state = wizardReducer(state, { type: 'addSignatory', key: 'witness' });
    state = wizardReducer(state, {
      type: 'updateSignatory',
      key: 'witness',
      field: 'name',
      value: 'Luc Hoffmann',
    });
    state = wizardReducer(state, { type: 'moveSignatory', from: 2, to: 0 });
    const renamed = AGREEMENT_PARTIES.map((party) =>
      party.party === 'vendeurs.0' ? { ...party, email: 'marc.schmit@example.lu' } : party,
    );
    const again = withTemplateParties(state.signatories, renamed);
    expect(again.map((signatory) => signatory.party ?? signatory.name)).toEqual([
      'acquereurs.0',
      'vendeurs.0',
      'vendeurs.1',
      'Luc Hoffmann',
    ]);
    expect(again[1]?.email).toBe('marc.schmit@example.lu');
    expect(again.map((signatory) => signatory.key)).toEqual(
      state.signatories.map((signatory) => signatory.key),
    );
  });

  it('drops a party the form no longer has and adds a new one, parties first, then the extras', () => {
    const state = generated();
    const witness = { ...emptySignatory('w'), name: 'Luc Hoffmann', role: 'Témoin' };
    const buyers = [
      AGREEMENT_PARTIES[0]!,
      { ...AGREEMENT_PARTIES[2]!, party: 'acquereurs.1', name: 'Paul Muller' },
    ];
    const next = withTemplateParties([...state.signatories, witness], buyers);
    expect(next.map((signatory) => signatory.party ?? signatory.role)).toEqual([
      'vendeurs.0',
      'acquereurs.1',
      'Témoin',
    ]);
  });

  it('sends a party by its key, without a corner, and an extra with its capacity and place', () => {
    let state = generated();
    state = wizardReducer(state, { type: 'addSignatory', key: 'witness' });
    for (const [field, value] of [
      ['name', 'Luc Hoffmann'],
      ['email', 'luc@example.lu'],
      ['mobile', '621 000 009'],
      ['role', ' Témoin '],
    ] as const) {
      state = wizardReducer(state, { type: 'updateSignatory', key: 'witness', field, value });
    }
    state = wizardReducer(state, {
      type: 'placeSignatory',
      key: 'witness',
      placement: { page: 2, position: 'top-left' },
    });
    const input = buildSignatureInput(
      { ...state, options: { ...state.options, signatureTitle: 'Compromis' } },
      state.document!,
    );
    expect(input.signatories[1]).toEqual({
      name: 'François Lefèvre, gérant',
      email: 'tilleuls@example.lu',
      mobile: '+352621000002',
      order: 2,
      party: 'vendeurs.1',
      role: null,
      placement: null,
    });
    expect(input.signatories[3]).toEqual({
      name: 'Luc Hoffmann',
      email: 'luc@example.lu',
      mobile: '+352621000009',
      order: 4,
      party: null,
      role: 'Témoin',
      placement: { page: 2, position: 'top-left' },
    });
  });

  it('asks an extra’s capacity, and a place only of those who are no party', () => {
    let state = generated();
    state = wizardReducer(state, { type: 'addSignatory', key: 'witness' });
    for (const [field, value] of [
      ['name', 'Luc Hoffmann'],
      ['email', 'luc@example.lu'],
      ['mobile', '+352621000009'],
    ] as const) {
      state = wizardReducer(state, { type: 'updateSignatory', key: 'witness', field, value });
    }
    expect(validateStep('signatories', state, context)).toEqual({
      'signatories.3.role': 'validation.extraRoleRequired',
    });
    expect(validateStep('placement', state, context)).toEqual({
      'signatories.3.placement': 'validation.placementRequired',
    });
  });

  it('asks no capacity of an uploaded PDF’s signatories', () => {
    expect(validateStep('signatories', readyState(), context)).toEqual({});
  });

  it('fills a template never opened with the agency’s values, and leaves one already typed in alone', () => {
    const prefill = { agenceNom: 'Agence du Centre', agenceTva: 'LU12345678' };
    let state = wizardReducer(initialWizardState('fr', 'k1'), {
      type: 'chooseTemplate',
      templateType: 'FlatSalesAgreement',
      prefill,
    });
    expect(state.templateValues.FlatSalesAgreement).toEqual(prefill);
    state = wizardReducer(state, { type: 'setTemplateValue', name: 'agenceNom', value: '' });
    state = wizardReducer(state, { type: 'chooseTemplate', templateType: 'FlatSalesMandate', prefill });
    state = wizardReducer(state, { type: 'chooseTemplate', templateType: 'FlatSalesAgreement', prefill });
    expect(state.templateValues.FlatSalesAgreement).toEqual({ ...prefill, agenceNom: '' });
  });
});
