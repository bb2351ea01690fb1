import { type TemplateDefinition, type TemplateFormData, type TemplateItem } from '../templates';
import {
  AML_RISK_ASSESSMENT,
  BENEFICIAL_OWNER_DECLARATION,
  BENEFICIAL_OWNER_IDENTIFICATION,
  FLAT_SALES_AGREEMENT,
  FLAT_SALES_MANDATE,
  LEGAL_ENTITY,
  NATURAL_PERSON,
  PEP_SCREENING,
  REAL_PRICE_CERTIFICATE,
  computedValues,
  itemsOf,
  validateTemplateData,
} from './index';
import { beneficialOwners, effectiveShares } from './ownership-chain';

const TODAY = '2026-04-01';

function errorsFor(definition: TemplateDefinition, changes: TemplateFormData) {
  return validateTemplateData(definition, { ...definition.example, ...changes }, TODAY);
}

const flat = FLAT_SALES_AGREEMENT.example ?? {};
const lot = (changes: TemplateItem) => [{ ...itemsOf(flat, 'lots')[0], ...changes }];
const parcel = (numero: string) => [{ ...itemsOf(flat, 'parcelles')[0], numero }];

describe('each validator refuses a wrong value and accepts a right one', () => {
  it.each<[string, TemplateDefinition, TemplateFormData, TemplateFormData, Record<string, string>]>([
    [
      'matricule_lu',
      NATURAL_PERSON,
      { matricule: '1983120105748' },
      { matricule: '1983 1201 057 47' },
      { matricule: 'validation.nationalRegistrationNumber' },
    ],
    [
      'vat_lu',
      FLAT_SALES_AGREEMENT,
      { agenceTva: 'LU15027443' },
      { agenceTva: 'LU 150 274 42' },
      { agenceTva: 'validation.vatNumber' },
    ],
    [
      'rcs_lu',
      FLAT_SALES_AGREEMENT,
      { agenceRcs: 'B1234567' },
      { agenceRcs: 'B 278.900' },
      { agenceRcs: 'validation.registrationNumber' },
    ],
    [
      'postal_code_lu',
      FLAT_SALES_AGREEMENT,
      { agenceCodePostal: 'L-244' },
      { agenceCodePostal: '2449' },
      { agenceCodePostal: 'validation.postalCode' },
    ],
    [
      'iban',
      FLAT_SALES_AGREEMENT,
      { acompteIban: 'LU28 0019 4006 4475 0001' },
      { acompteIban: 'lu280019400644750000' },
      { acompteIban: 'validation.iban' },
    ],
    [
      'cadastre_parcel',
      FLAT_SALES_AGREEMENT,
      { parcelles: parcel('143/1012/7') },
      { parcelles: parcel('98') },
      { 'parcelles.0.numero': 'validation.cadastralParcel' },
    ],
    [
      'email',
      NATURAL_PERSON,
      { email: 'elodie@example' },
      { email: 'e@example.lu' },
      { email: 'validation.isEmail' },
    ],
    [
      'money',
      FLAT_SALES_AGREEMENT,
      { chargesAnnuelles: 3240.605 },
      { chargesAnnuelles: '3240,60' },
      { chargesAnnuelles: 'validation.money' },
    ],
    [
      'percent',
      FLAT_SALES_AGREEMENT,
      { clausePenaleTaux: 101 },
      { clausePenaleTaux: '7,5' },
      { clausePenaleTaux: 'validation.percent' },
    ],
    [
      'date',
      FLAT_SALES_AGREEMENT,
      { cpeDate: '2024-02-30' },
      { cpeDate: '2024-02-29' },
      { cpeDate: 'validation.date' },
    ],
    [
      'int',
      FLAT_SALES_AGREEMENT,
      { nombreChambres: 2.5 },
      { nombreChambres: '4' },
      { nombreChambres: 'validation.isInt' },
    ],
    [
      'decimal',
      FLAT_SALES_AGREEMENT,
      { lots: lot({ surfaceUtile: 'grand' }) },
      { lots: lot({ surfaceUtile: '84,5' }) },
      { 'lots.0.surfaceUtile': 'validation.decimal' },
    ],
    [
      'enum',
      FLAT_SALES_AGREEMENT,
      { classeEnergetique: 'J' },
      { classeEnergetique: 'I' },
      { classeEnergetique: 'validation.isIn' },
    ],
    [
      'bool',
      FLAT_SALES_AGREEMENT,
      { cpeRemis: 'oui' },
      { cpeRemis: false },
      { cpeRemis: 'validation.isBoolean' },
    ],
  ])('%s', (_validator, definition, wrong, right, expected) => {
    expect(errorsFor(definition, wrong)).toEqual(expected);
    expect(errorsFor(definition, right)).toEqual({});
  });
});

describe('rules between fields', () => {
  it.each<[string, TemplateDefinition, TemplateFormData, Record<string, string>]>([
    [
      'deposit and balance make the price',
      FLAT_SALES_AGREEMENT,
      { soldeActe: 700000 },
      { soldeActe: 'validation.priceBalance' },
    ],
    [
      'no cash',
      FLAT_SALES_AGREEMENT,
      { moyenPaiement: 'espèces' },
      { moyenPaiement: 'validation.cashRefused' },
    ],
    [
      'buyers’ shares make 100 %',
      FLAT_SALES_AGREEMENT,
      { acquereurs: itemsOf(flat, 'acquereurs').map((buyer) => ({ ...buyer, quotePartAcquisition: 40 })) },
      { acquereurs: 'validation.sharesTotal' },
    ],
    [
      'lots sold are at most the whole',
      FLAT_SALES_AGREEMENT,
      { lots: lot({ quotePart: 1001 }) },
      { 'lots.0.quotePart': 'validation.share', lots: 'validation.sharesExceedWhole' },
    ],
    [
      'fees plus VAT',
      FLAT_SALES_AGREEMENT,
      { honorairesTtc: 27000 },
      { honorairesTtc: 'validation.feesTotal' },
    ],
    [
      'deed after signature',
      FLAT_SALES_AGREEMENT,
      { dateLimiteActe: '2026-03-01', pretDateLimite: '2026-02-01' },
      { dateLimiteActe: 'validation.dateOrder' },
    ],
    [
      'seller’s identity document not expired',
      FLAT_SALES_AGREEMENT,
      { vendeurs: [{ ...itemsOf(flat, 'vendeurs')[0], matricule: '1987091400260' }] },
      { 'vendeurs.0.matricule': 'validation.matriculeBirthDate' },
    ],
    [
      'price certificate declarations',
      REAL_PRICE_CERTIFICATE,
      { declarationSansEspeces: false },
      { declarationSansEspeces: 'validation.mustAccept' },
    ],
    [
      'mandate: minimum below asking price',
      FLAT_SALES_MANDATE,
      { prixMinimum: 800000 },
      { prixMinimum: 'validation.minimumAboveAsking' },
    ],
    [
      'mandate: owner’s duties accepted',
      FLAT_SALES_MANDATE,
      { permettreVisites: false },
      { permettreVisites: 'validation.mustAccept' },
    ],
    [
      'company registered in Luxembourg has an RCS number',
      LEGAL_ENTITY,
      { rcs: null },
      { rcs: 'validation.required' },
    ],
    [
      'RCS extract at most three months old',
      LEGAL_ENTITY,
      { extraitRcsDate: '2025-10-01' },
      { extraitRcsDate: 'validation.extractTooOld' },
    ],
  ])('%s', (_rule, definition, changes, expected) => {
    expect(errorsFor(definition, changes)).toEqual(expected);
  });

  it('holds a beneficial owner to more than 25 % and to an identification number', () => {
    const [first, second] = itemsOf(BENEFICIAL_OWNER_DECLARATION.example ?? {}, 'beneficiaires');
    expect(
      errorsFor(BENEFICIAL_OWNER_DECLARATION, {
        beneficiaires: [
          { ...first, etendue: 25 },
          { ...second, matricule: null, idEtranger: null },
        ],
      }),
    ).toEqual({
      'beneficiaires.0.etendue': 'validation.beneficialOwnerThreshold',
      'beneficiaires.1.idEtranger': 'validation.required',
    });
  });
});

describe('AML forms', () => {
  const LOW_PEP = 'Faible — pas une personne politiquement exposée';

  it('computes the risk level and requires enhanced due diligence when it is high', () => {
    const assessment = AML_RISK_ASSESSMENT.example ?? {};
    expect(computedValues(AML_RISK_ASSESSMENT, assessment)).toEqual({
      niveauRisque: 'Élevé',
      scoreRisque: 11,
    });
    expect(errorsFor(AML_RISK_ASSESSMENT, { originePatrimoine: null, surveillanceRenforcee: false })).toEqual(
      {
        originePatrimoine: 'validation.required',
        surveillanceRenforcee: 'validation.mustAccept',
      },
    );
    const low = { facteurPep: LOW_PEP, facteurFunds: null };
    expect(errorsFor(AML_RISK_ASSESSMENT, { ...low, facteurFunds: undefined })).toEqual({
      facteurFunds: 'validation.required',
    });
    const plain = {
      facteurPep: LOW_PEP,
      originePatrimoine: null,
      origineFonds: null,
      approbationDirection: null,
    };
    expect(errorsFor(AML_RISK_ASSESSMENT, plain)).toEqual({});
  });

  it('requires the PEP measures for a PEP only', () => {
    expect(errorsFor(PEP_SCREENING, { origineFonds: null })).toEqual({ origineFonds: 'validation.required' });
    const notPep = {
      fonctionPublique: false,
      membreFamille: false,
      procheAssocie: false,
      resultatPpe: 'aucune correspondance',
      origineFonds: null,
      originePatrimoine: null,
    };
    expect(errorsFor(PEP_SCREENING, notPep)).toEqual({});
    expect(computedValues(PEP_SCREENING, { ...PEP_SCREENING.example, ...notPep })).toEqual({
      estPpe: 'non',
      niveauRisque: 'Faible',
    });
  });

  it('follows the chain of control through holdings, above 25 % only', () => {
    const data = BENEFICIAL_OWNER_IDENTIFICATION.example ?? {};
    const shares = [...effectiveShares(data).values()].map((owner) => [
      owner.name,
      Math.round(owner.percent),
    ]);
    expect(shares).toEqual([
      ['Małgorzata Wójcik', 40],
      ['François Lefèvre', 42],
      ['Søren Ødegård', 18],
    ]);
    expect(beneficialOwners(data).map((owner) => owner.name)).toEqual([
      'François Lefèvre',
      'Małgorzata Wójcik',
    ]);
    expect(computedValues(BENEFICIAL_OWNER_IDENTIFICATION, data)).toEqual({
      beIdentifie: 'oui',
      niveauRisque: 'Moyen',
    });
  });

  it('survives a loop in the chain and then asks for the senior managing official', () => {
    const loop: TemplateFormData = {
      ...BENEFICIAL_OWNER_IDENTIFICATION.example,
      chaine: [
        {
          niveau: 1,
          detenteur: 'A SA',
          typeDetenteur: 'entité',
          detientDans: 'B SA',
          pays: 'LU',
          pourcentage: 100,
        },
        {
          niveau: 2,
          detenteur: 'B SA',
          typeDetenteur: 'entité',
          detientDans: 'A SA',
          pays: 'LU',
          pourcentage: 100,
        },
        {
          niveau: 3,
          detenteur: 'Jean Dupont',
          typeDetenteur: 'personne physique',
          detientDans: 'A SA',
          pays: 'LU',
          pourcentage: 100,
        },
      ],
      dirigeantPrincipal: null,
    };
    expect(beneficialOwners(loop)).toEqual([]);
    expect(validateTemplateData(BENEFICIAL_OWNER_IDENTIFICATION, loop, TODAY)).toEqual({
      dirigeantPrincipal: 'validation.required',
    });
  });
});
