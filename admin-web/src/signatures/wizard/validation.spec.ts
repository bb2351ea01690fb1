import { describe, expect, it } from 'vitest';
import { validateStep } from './validation';
import { identityTemplate, readyState } from './wizardFixtures';

const context = { hasLogo: false, definition: null };

describe('validateStep', () => {
  it('accepts a complete request', () => {
    expect(validateStep('review', readyState(), context)).toEqual({});
  });

  it('asks for a document before leaving the first step', () => {
    expect(validateStep('document', readyState({ document: null }), context)).toEqual({
      documentId: 'app.signature_wizard.errors.document_required',
    });
  });

  it('checks each signatory’s name, e-mail and Luxembourg-default mobile', () => {
    const state = readyState();
    const signatories = [
      {
        key: 'a',
        name: ' ',
        email: 'not-an-email',
        mobile: '24 12 34',
        placement: null,
        party: null,
        role: '',
      },
      ...state.signatories.slice(1),
    ];
    expect(validateStep('signatories', { ...state, signatories }, context)).toEqual({
      'signatories.0.name': 'validation.required',
      'signatories.0.email': 'validation.email',
      'signatories.0.mobile': 'validation.mobile',
    });
  });

  it('refuses two signatories sharing a mobile, however it is typed', () => {
    const state = readyState();
    const [first, second] = state.signatories;
    const signatories = [first!, { ...second!, mobile: '+352 621 12 34 56' }];
    expect(validateStep('signatories', { ...state, signatories }, context)).toEqual({
      'signatories.1.mobile': 'validation.duplicateMobile',
    });
  });

  it('asks for at least one signatory', () => {
    expect(validateStep('signatories', readyState({ signatories: [] }), context)).toEqual({
      signatories: 'validation.signatoriesMin',
    });
  });

  it('requires every signatory to be placed', () => {
    const state = readyState();
    const signatories = state.signatories.map((s, index) => (index === 1 ? { ...s, placement: null } : s));
    expect(validateStep('placement', { ...state, signatories }, context)).toEqual({
      'signatories.1.placement': 'validation.placementRequired',
    });
  });

  it('accepts 1 to 365 days to sign, or none (the default)', () => {
    const state = readyState();
    const withDays = (expiryDays: string) => ({ ...state, options: { ...state.options, expiryDays } });
    for (const days of ['', '1', '30', '365'])
      expect(validateStep('options', withDays(days), context)).toEqual({});
    for (const days of ['0', '366', '2.5', 'abc', '-3']) {
      expect(validateStep('options', withDays(days), context)).toEqual({
        expiryDays: 'app.signature_wizard.options.expiry_invalid',
      });
    }
  });

  it('refuses an advanced signature without the member’s logo', () => {
    const state = readyState();
    const advanced = { ...state, options: { ...state.options, signingMode: 'ADVANCED' as const } };
    expect(validateStep('options', advanced, context)).toEqual({
      signingMode: 'validation.logoRequired',
    });
    expect(validateStep('options', advanced, { ...context, hasLogo: true })).toEqual({});
  });

  it('checks the template form unless the current document already comes from it', () => {
    const state = readyState({ source: 'TEMPLATE', templateType: 'LegalEntity', templateDirty: true });
    const withTemplate = { ...context, definition: identityTemplate };
    expect(Object.keys(validateStep('details', state, withTemplate))).toContain('formData.lastName');
    const generated = {
      ...state,
      templateDirty: false,
      document: {
        ...state.document!,
        documentType: 'TEMPLATE' as const,
        templateType: 'LegalEntity' as const,
      },
    };
    expect(validateStep('details', generated, withTemplate)).toEqual({});
  });
});
