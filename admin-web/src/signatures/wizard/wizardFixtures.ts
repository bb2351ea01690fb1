import { type TemplateDefinition } from '@esign/shared';
import { type WizardDocument, type WizardState, initialWizardState } from './wizardState';

/** Small factories for the wizard's specs. */
export function uploadedDocument(pageCount = 4): WizardDocument {
  return {
    documentType: 'CUSTOM',
    documentId: '5b0c0a52-4f1e-4d59-9a55-0d1f2b3c4d5e',
    documentName: 'compromis.pdf',
    templateType: null,
    pageCount,
    preview: null,
    removed: [],
    stored: false,
  };
}

export function readyState(overrides: Partial<WizardState> = {}): WizardState {
  const base = initialWizardState('fr', 'k1');
  return {
    ...base,
    document: uploadedDocument(),
    signatories: [
      {
        key: 'k1',
        name: 'Anne Muller',
        email: 'Anne.Muller@Example.lu ',
        mobile: '621 123 456',
        placement: { page: 4, position: 'bottom-left' },
      },
      {
        key: 'k2',
        name: 'Jean Weber',
        email: 'jean@example.lu',
        mobile: '+352 691 234 567',
        placement: { page: 4, position: 'bottom-right' },
      },
    ],
    options: { ...base.options, signatureTitle: 'Compromis', sealPage: 4 },
    ...overrides,
  };
}

/** A made-up template with one field of each type (typed as LegalEntity, which has no rules between fields). */
export const identityTemplate: TemplateDefinition = {
  type: 'LegalEntity',
  title: 'Fiche d’identification – personne physique',
  sections: [
    {
      title: 'Identification',
      fields: [
        { name: 'lastName', label: 'Nom', type: 'text', required: true, maxLength: 5 },
        { name: 'birthDate', label: 'Date de naissance', type: 'date', required: true },
        { name: 'gender', label: 'Sexe', type: 'enum', required: true, options: ['F', 'M'] },
        { name: 'price', label: 'Prix', type: 'money', required: false },
        { name: 'fees', label: 'Honoraires', type: 'percent', required: false },
        { name: 'children', label: 'Enfants', type: 'int', required: false },
        { name: 'informed', label: 'Notice lue', type: 'bool', required: true },
      ],
    },
  ],
};
