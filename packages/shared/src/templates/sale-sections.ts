import { type TemplateFormData, type TemplateSection } from '../templates';
import { asNumber, isoDate } from './field-checks';
import { itemsOf } from './validate';
import { addressFields } from './blocks/address';
import { lotsErrors } from './blocks/cadastre';
import { bool, choice, date, int, money, onlyIf, percent, text, textarea, when } from './blocks/fields';
import { partiesErrors, partyFields } from './blocks/person';
import { feesErrors } from './blocks/agency';

/** Sections the sales agreements and mandates share. */

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;

export function sellersSection(title: string, itemLabel: string, name = 'vendeurs'): TemplateSection {
  return { title, repeat: { name, itemLabel, min: 1, max: 6, signs: true }, fields: partyFields() };
}

export function buyersSection(): TemplateSection {
  return {
    title: 'Acquéreur(s)',
    repeat: { name: 'acquereurs', itemLabel: 'Acquéreur', min: 1, max: 6, signs: true },
    fields: [
      ...partyFields(),
      percent('quotePartAcquisition', "Quote-part d'acquisition (%)", false, {
        help: 'Obligatoire à partir de deux acquéreurs ; le total fait 100 %',
      }),
    ],
  };
}

export function propertySection(title: string, extra: TemplateSection['fields']): TemplateSection {
  return {
    title,
    clause:
      "Le vendeur vend à l'acquéreur, qui accepte, le bien désigné ci-après, tel qu'il existe, avec ses " +
      'aisances et dépendances, sans exception ni réserve.',
    fields: [
      choice('modeAcquisition', "Mode d'acquisition", ['pleine propriété', 'nue-propriété', 'usufruit']),
      ...addressFields('bien', 'luxembourg').map((field) => ({ ...field, label: `Bien — ${field.label}` })),
      ...extra,
    ],
  };
}

export function legalSituationSection(): TemplateSection {
  const let_ = when('occupation', 'loué');
  return {
    title: 'Situation juridique',
    fields: [
      choice('occupation', 'Occupation', ["libre d'occupation", 'loué']),
      onlyIf(let_, date('bailDate', 'Date du bail', false)),
      onlyIf(let_, money('bailLoyer', 'Loyer mensuel', false)),
      onlyIf(let_, money('bailGarantie', 'Garantie locative', false)),
      bool('hypotheques', 'Le bien est grevé d’hypothèques ou d’inscriptions'),
      onlyIf(
        when('hypotheques', true),
        textarea('hypothequesDetail', 'Inscriptions et engagement de mainlevée', false),
      ),
      textarea('servitudes', 'Servitudes', false),
      textarea('litiges', 'Litiges en cours', false),
      bool('droitPreemption', 'Le bien est soumis à un droit de préemption (Pacte logement)'),
    ],
  };
}

export function energySection(): TemplateSection {
  return {
    title: 'Performance énergétique',
    clause:
      "Le vendeur déclare que le bien dispose d'un certificat de performance énergétique en cours de " +
      "validité, dont une copie a été remise à l'acquéreur.",
    fields: [
      choice('classeEnergetique', 'Classe de performance énergétique', ENERGY_CLASSES),
      choice('classeIsolation', "Classe d'isolation thermique", ENERGY_CLASSES),
      text('cpeNumero', 'Numéro du certificat de performance énergétique', true, { maxLength: 50 }),
      date('cpeDate', 'Date du certificat'),
      bool('cpeRemis', "Copie du certificat remise à l'acquéreur"),
    ],
  };
}

export function priceSection(): TemplateSection {
  const deposit = when('acompte', true);
  return {
    title: 'Prix',
    fields: [
      money('prix', 'Prix de vente'),
      money('prixMobilier', 'Dont mobilier', false),
      money('prixEmplacements', 'Dont emplacement(s) et cave(s)', false),
      bool('acompte', 'Un acompte est versé à la signature'),
      onlyIf(deposit, money('acompteMontant', "Montant de l'acompte", false)),
      onlyIf(deposit, date('acompteDate', "Date de versement de l'acompte", false)),
      onlyIf(
        deposit,
        choice(
          'acompteCompte',
          "Compte de l'acompte",
          ['compte séquestre du notaire', "compte de l'agence"],
          false,
        ),
      ),
      onlyIf(deposit, text('acompteIban', 'IBAN du compte crédité', false, { validator: 'iban' })),
      money('soldeActe', "Solde payable à la signature de l'acte"),
      choice('moyenPaiement', 'Moyen de paiement', ['virement bancaire', 'espèces'], true, {
        help: 'Aucun paiement en espèces n’est accepté',
      }),
    ],
  };
}

export function financingSection(): TemplateSection {
  const loan = when('pret', true);
  return {
    title: 'Condition suspensive de financement',
    clause:
      "La vente est conclue sous la condition suspensive de l'obtention par l'acquéreur du prêt décrit " +
      "ci-après. À défaut d'obtention dans le délai convenu, chaque partie reprend sa liberté, sans indemnité.",
    fields: [
      bool('pret', "L'acquéreur recourt à un prêt"),
      onlyIf(loan, money('pretMontant', 'Montant maximal du prêt', false)),
      onlyIf(loan, int('pretDuree', 'Durée du prêt (années)', false)),
      onlyIf(loan, percent('pretTaux', 'Taux maximal (%)', false)),
      onlyIf(loan, text('pretBanque', 'Banque(s) sollicitée(s)', false)),
      onlyIf(loan, date('pretDateLimite', "Date limite d'obtention", false)),
      onlyIf(loan, bool('pretRefusEcrit', 'Un refus écrit de la banque doit être produit', false)),
      textarea('autresConditions', 'Autres conditions suspensives', false),
    ],
  };
}

export function deedSections(): TemplateSection[] {
  return [
    {
      title: 'Acte authentique',
      fields: [
        text('notaireNom', 'Notaire instrumentant'),
        text('notaireResidence', 'Résidence du notaire'),
        date('dateLimiteActe', "Date limite de passation de l'acte"),
        text('notaireAcquereur', "Notaire de l'acquéreur", false),
      ],
    },
    {
      title: 'Transfert de propriété et jouissance',
      fields: [
        text('transfertPropriete', 'Transfert de propriété et de jouissance'),
        text('remiseCles', 'Remise des clés', false),
        textarea('prorata', 'Prorata des charges et de l’impôt foncier', false),
      ],
    },
    {
      title: 'Clause pénale',
      clause:
        'Si l’une des parties, toutes conditions suspensives réalisées, refuse de réitérer la vente par acte ' +
        "authentique, elle paiera à l'autre, à titre de clause pénale, le pourcentage du prix indiqué ci-après, " +
        "ainsi que les honoraires d'agence.",
      fields: [percent('clausePenaleTaux', 'Clause pénale (% du prix)')],
    },
    {
      title: 'Frais et impôts',
      clause: "Les droits d'enregistrement et de transcription s'élèvent à 7 % du prix, sauf abattement.",
      fields: [
        choice('droitsACharge', "Droits d'enregistrement à charge de", ["l'acquéreur", 'le vendeur']),
        bool('bellegenAkt', "L'acquéreur entend bénéficier du crédit d'impôt « Bëllegen Akt »", false),
        bool('tvaLogement', 'TVA logement à 3 % applicable', false),
      ],
    },
  ];
}

export function closingSections(): TemplateSection[] {
  return [
    {
      title: 'Lutte contre le blanchiment',
      clause:
        "Les parties ont été identifiées par l'agence conformément à la loi modifiée du 12 novembre 2004 " +
        'relative à la lutte contre le blanchiment et contre le financement du terrorisme.',
      fields: [
        bool('kycComplet', "Le dossier d'identification de chaque partie est complet"),
        text('referenceDossierLbc', 'Référence du dossier LBC/FT', false),
      ],
    },
    {
      title: 'Enregistrement',
      clause: 'Le présent compromis sera présenté à l’enregistrement dans les trois mois de sa signature.',
      fields: [
        choice('enregistrementPar', 'Enregistrement à la diligence de', [
          "l'acquéreur",
          'le vendeur',
          "l'agence",
          'le notaire',
        ]),
      ],
    },
    {
      title: 'Dispositions diverses',
      clause:
        'Le présent compromis vaut vente. Il est régi par le droit luxembourgeois ; les tribunaux de ' +
        'Luxembourg sont seuls compétents. Il ne comporte aucun délai de rétractation.',
      fields: [text('electionDomicile', 'Élection de domicile'), textarea('annexes', 'Annexes', false)],
    },
  ];
}

function buyerSharesErrors(data: TemplateFormData): Record<string, string> {
  const buyers = itemsOf(data, 'acquereurs');
  if (buyers.length < 2) return {};
  const errors: Record<string, string> = {};
  let total = 0;
  buyers.forEach((buyer, index) => {
    const share = asNumber(buyer.quotePartAcquisition);
    if (share === null) errors[`acquereurs.${index}.quotePartAcquisition`] = 'validation.required';
    total += share ?? 0;
  });
  if (Object.keys(errors).length === 0 && Math.abs(total - 100) > 0.001)
    errors.acquereurs = 'validation.sharesTotal';
  return errors;
}

function priceErrors(data: TemplateFormData): Record<string, string> {
  const errors: Record<string, string> = {};
  const price = asNumber(data.prix);
  const paid = (asNumber(data.acompteMontant) ?? 0) + (asNumber(data.soldeActe) ?? 0);
  if (price !== null && Math.abs(price - paid) > 0.001) errors.soldeActe = 'validation.priceBalance';
  if (data.moyenPaiement === 'espèces') errors.moyenPaiement = 'validation.cashRefused';
  return errors;
}

function dateErrors(data: TemplateFormData): Record<string, string> {
  const signed = isoDate(data.signatureDate);
  const deed = isoDate(data.dateLimiteActe);
  const loan = isoDate(data.pretDateLimite);
  const errors: Record<string, string> = {};
  if (signed && deed && deed < signed) errors.dateLimiteActe = 'validation.dateOrder';
  if (loan && deed && loan > deed) errors.pretDateLimite = 'validation.dateOrder';
  return errors;
}

/** The rules of both sales agreements. */
export function salesAgreementRules(data: TemplateFormData, today: string): Record<string, string> {
  return {
    ...partiesErrors(itemsOf(data, 'vendeurs'), 'vendeurs', today),
    ...partiesErrors(itemsOf(data, 'acquereurs'), 'acquereurs', today),
    ...buyerSharesErrors(data),
    ...priceErrors(data),
    ...dateErrors(data),
    ...lotsErrors(itemsOf(data, 'lots')),
    ...feesErrors(data),
  };
}
