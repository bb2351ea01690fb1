import { type TemplateDefinition, type TemplateSignatory } from '@esign/shared';
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
    layout: null,
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
        party: null,
        role: '',
      },
      {
        key: 'k2',
        name: 'Jean Weber',
        email: 'jean@example.lu',
        mobile: '+352 691 234 567',
        placement: { page: 4, position: 'bottom-right' },
        party: null,
        role: '',
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
  signers: [],
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

/** A generated sales agreement of two sellers (one a company) and a buyer, as `templateSignatories` reads it. */
export const AGREEMENT_PARTIES: TemplateSignatory[] = [
  {
    party: 'vendeurs.0',
    role: 'Vendeur',
    name: 'Marc Schmit',
    company: '',
    email: 'marc@example.lu',
    mobile: '+352621000001',
    emailPath: 'vendeurs.0.email',
    mobilePath: 'vendeurs.0.mobile',
  },
  {
    party: 'vendeurs.1',
    role: 'Vendeur',
    name: 'François Lefèvre, gérant',
    company: 'SCI Les Tilleuls',
    email: 'tilleuls@example.lu',
    mobile: '+352621000002',
    emailPath: 'vendeurs.1.email',
    mobilePath: 'vendeurs.1.mobile',
  },
  {
    party: 'acquereurs.0',
    role: 'Acquéreur',
    name: 'Anne Muller',
    company: '',
    email: 'anne@example.lu',
    mobile: '+352621000003',
    emailPath: 'acquereurs.0.email',
    mobilePath: 'acquereurs.0.mobile',
  },
];

export function generatedDocument(pageCount = 6): WizardDocument {
  return {
    ...uploadedDocument(pageCount),
    documentType: 'TEMPLATE',
    templateType: 'FlatSalesAgreement',
    documentName: 'Compromis de vente.pdf',
  };
}
