import { type TemplateField, type TemplateItem, type TemplateSection } from '../../templates';
import { asNumber } from '../field-checks';

/** Validator `cadastre_parcel`: a parcel as the cadastral extract designates it. */
export function parcelFields(contenanceRequired: boolean): TemplateField[] {
  return [
    { name: 'commune', label: 'Commune', type: 'text', required: true, maxLength: 100 },
    {
      name: 'section',
      label: 'Section',
      type: 'text',
      required: true,
      maxLength: 100,
      help: 'Lettre(s) et nom, ex. « A de Bertrange »',
    },
    {
      name: 'numero',
      label: 'Numéro de parcelle',
      type: 'text',
      required: true,
      validator: 'cadastre_parcel',
      maxLength: 11,
      help: 'Ex. 143/1012',
    },
    { name: 'lieuDit', label: 'Lieu-dit', type: 'text', required: false, maxLength: 100 },
    {
      name: 'nature',
      label: 'Nature',
      type: 'text',
      required: true,
      maxLength: 200,
      help: 'Ex. place (occupée), bâtiment à habitation',
    },
    {
      name: 'contenance',
      label: 'Contenance (centiares, soit m²)',
      type: 'int',
      required: contenanceRequired,
    },
  ];
}

export function parcelsSection(title: string, contenanceRequired: boolean): TemplateSection {
  return {
    title,
    repeat: { name: 'parcelles', itemLabel: 'Parcelle', min: 1, max: 10 },
    fields: parcelFields(contenanceRequired),
  };
}

export const LOT_NATURES = [
  'appartement',
  'cave',
  'emplacement intérieur',
  'emplacement extérieur',
  'garage',
  'local commercial',
  'autre',
] as const;

/** Validator `lot_copro`: a private lot of the vertical cadastre with its share of the common parts. */
export function lotsSection(title: string): TemplateSection {
  return {
    title,
    repeat: { name: 'lots', itemLabel: 'Lot', min: 1, max: 20 },
    fields: [
      { name: 'numeroLot', label: 'Numéro de lot', type: 'text', required: true, maxLength: 20 },
      {
        name: 'designationCadastrale',
        label: 'Désignation cadastrale du lot',
        type: 'text',
        required: true,
        maxLength: 200,
        help: "Numéro d'ordre, bloc, escalier, étage, comme au tableau de division",
      },
      { name: 'nature', label: 'Nature', type: 'enum', required: true, options: LOT_NATURES },
      { name: 'etage', label: 'Étage', type: 'text', required: true, maxLength: 30 },
      { name: 'surfaceUtile', label: 'Surface utile (m²)', type: 'decimal', required: true },
      { name: 'quotePart', label: 'Quote-part des parties communes', type: 'int', required: true },
      {
        name: 'quotePartBase',
        label: 'Base de la quote-part',
        type: 'enum',
        required: true,
        options: ['millièmes', 'dix-millièmes'],
      },
    ],
  };
}

const BASES: Record<string, number> = { millièmes: 1000, 'dix-millièmes': 10000 };

/** The shares sold cannot exceed the whole building; each lot's share is within its base. */
export function lotsErrors(lots: readonly TemplateItem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const totals = new Map<number, number>();
  lots.forEach((lot, index) => {
    const base = BASES[String(lot.quotePartBase)];
    const share = asNumber(lot.quotePart);
    if (base === undefined || share === null) return;
    if (share <= 0 || share > base) errors[`lots.${index}.quotePart`] = 'validation.share';
    totals.set(base, (totals.get(base) ?? 0) + share);
  });
  for (const [base, total] of totals) {
    if (total > base) errors.lots = 'validation.sharesExceedWhole';
  }
  return errors;
}
