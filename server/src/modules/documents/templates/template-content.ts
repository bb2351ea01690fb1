import {
  formatAddress,
  formatFrenchDate,
  isFieldVisible,
  itemsOf,
  scalarOf,
  signatoryCaption,
  templateRisk,
  templateSignatories,
  type RiskResult,
  type TemplateDefinition,
  type TemplateField,
  type TemplateFormData,
  type TemplateItem,
  type TemplateSection,
} from '@esign/shared';
import { amlSections } from './aml-sections';
import { describeLot, describeParcel, describeParty } from './party-text';
import { EMPTY, displayValue } from './print-format';
import { type MemberLetterhead, type PrintableDocument, type PrintableSection } from './printable-document';

export { displayValue, formatNumber } from './print-format';

export const ISSUER = 'Chambre Immobilière du Grand-Duché de Luxembourg';
const PLACE_AND_DATE = new Set(['signatureLieu', 'signatureDate']);

type Row = PrintableSection['rows'][number];
type Scope = TemplateFormData | TemplateItem;

/** Items whose fields read best as one sentence each, as a deed designates parcels and lots. */
const ITEM_SENTENCES: Record<string, (item: TemplateItem) => string> = {
  parcelles: describeParcel,
  lots: describeLot,
};

const ADDRESS_PARTS = ['Numero', 'Rue', 'Complement', 'CodePostal', 'Localite', 'Pays'];
const ADDRESS_LABELS: Record<string, string> = {
  bien: 'Adresse du bien',
  agence: "Adresse de l'agence",
  siege: 'Siège social',
  adresse: 'Adresse',
};

/** The prefix of an address block's field (`bienRue` → `bien`), or null. */
function addressPrefix(name: string): string | null {
  const part = ADDRESS_PARTS.find((candidate) => name.endsWith(candidate));
  const prefix = part ? name.slice(0, -part.length) : '';
  return prefix in ADDRESS_LABELS ? prefix : null;
}

/** A contract writes an address on one line, as a deed does, where a form asks it part by part. */
function addressRow(field: TemplateField, scope: Scope): Row | null | undefined {
  const prefix = addressPrefix(field.name);
  if (prefix === null) return undefined;
  if (!field.name.endsWith('Numero')) return null;
  return { label: ADDRESS_LABELS[prefix] ?? 'Adresse', value: formatAddress(scope, prefix) };
}

/**
 * The rows of some fields: a form shows every question it asks (blank ones as a dash, so nothing can be
 * added in the margin); a contract shows only what was agreed.
 */
function rowsOf(fields: readonly TemplateField[], scope: Scope, outer: Scope[], contract: boolean): Row[] {
  const rows: Row[] = [];
  for (const field of fields) {
    if (PLACE_AND_DATE.has(field.name) || !isFieldVisible(field, scope, ...outer)) continue;
    const address = contract ? addressRow(field, scope) : undefined;
    if (address === null) continue;
    const row = address ?? { label: field.label, value: displayValue(field, scalarOf(scope, field.name)) };
    if (!contract || row.value !== EMPTY) rows.push(row);
  }
  return rows;
}

/** "Ci-après dénommés ensemble « le vendeur »." */
function designation(itemLabel: string, count: number): string {
  const noun = itemLabel.toLowerCase();
  const article = /^[aeiouhéèêà]/.test(noun) ? "l'" : 'le ';
  return `${count > 1 ? 'Ci-après dénommés ensemble' : 'Ci-après dénommé'} « ${article}${noun} ».`;
}

function repeatedSections(
  section: TemplateSection,
  data: TemplateFormData,
  contract: boolean,
): PrintableSection[] {
  const repeat = section.repeat;
  if (!repeat) return [];
  const items = itemsOf(data, repeat.name);
  const sentence = repeat.signs ? describeParty : ITEM_SENTENCES[repeat.name];
  if (sentence) {
    const paragraphs = items.map((item, index) => `${repeat.itemLabel} ${index + 1} : ${sentence(item)}`);
    const called = repeat.signs ? [designation(repeat.itemLabel, items.length)] : [];
    const clause = section.clause ? [section.clause] : [];
    return [{ title: section.title, paragraphs: [...clause, ...paragraphs, ...called], rows: [] }];
  }
  return items.map((item, index) => ({
    title: `${section.title} — ${repeat.itemLabel} ${index + 1}`,
    paragraphs: index === 0 && section.clause ? [section.clause] : [],
    rows: rowsOf(section.fields, item, [data], contract),
  }));
}

function ownSection(
  section: TemplateSection,
  data: TemplateFormData,
  computed: Scope,
  contract: boolean,
): PrintableSection[] {
  const rows = rowsOf(section.fields, data, [computed], contract);
  if (rows.length === 0 && !section.clause) return [];
  return [{ title: section.title, paragraphs: section.clause ? [section.clause] : [], rows }];
}

/** The parties first, each described as a deed names them, then the numbered articles. */
function contractSections(
  definition: TemplateDefinition,
  data: TemplateFormData,
  computed: Scope,
): PrintableSection[] {
  const parties = definition.sections.filter((section) => section.repeat?.signs);
  const articles = definition.sections
    .filter((section) => !section.repeat?.signs)
    .flatMap((section) =>
      section.repeat ? repeatedSections(section, data, true) : ownSection(section, data, computed, true),
    )
    .map((section, index) => ({ ...section, title: `Article ${index + 1} — ${section.title}` }));
  return [...parties.flatMap((section) => repeatedSections(section, data, true)), ...articles];
}

function formSections(
  definition: TemplateDefinition,
  data: TemplateFormData,
  computed: Scope,
): PrintableSection[] {
  return definition.sections.flatMap((section) =>
    section.repeat ? repeatedSections(section, data, false) : ownSection(section, data, computed, false),
  );
}

/** One frame per signatory the template declares, captioned with the role and the name. */
function signatures(definition: TemplateDefinition, data: TemplateFormData): PrintableDocument['signatures'] {
  return templateSignatories(definition, data).map((signatory) => ({
    party: signatory.party,
    caption: signatoryCaption(signatory),
  }));
}

/** The agency's box, when it is an intermediary: who it is and the agent in charge. */
function agencyBox(definition: TemplateDefinition, data: TemplateFormData): PrintableDocument['agencyBox'] {
  if (!definition.agencyBox) return undefined;
  const text = (name: string) => {
    const value = scalarOf(data, name);
    return typeof value === 'string' ? value : '';
  };
  const registration = [
    text('agenceRcs') && `RCS ${text('agenceRcs')}`,
    text('agenceTva') && `TVA ${text('agenceTva')}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const lines = [
    text('agenceNom'),
    registration,
    text('agentNom') && `Agent en charge du dossier : ${text('agentNom')}`,
    'Intermédiaire, non partie à l’acte',
  ];
  return { caption: "Pour l'agence immobilière", lines: lines.filter(Boolean) };
}

function closingLine(data: TemplateFormData, contract: boolean): string | undefined {
  const place = typeof data.signatureLieu === 'string' ? data.signatureLieu : '';
  const date = typeof data.signatureDate === 'string' ? formatFrenchDate(data.signatureDate) : '';
  if (!place && !date) return undefined;
  const signed = contract
    ? ' Document signé électroniquement par chacune des parties, qui en reçoit un exemplaire.'
    : '';
  return `Fait${place ? ` à ${place}` : ''}${date ? `, le ${date}` : ''}.${signed}`;
}

/** The document as it prints: a filled-in form, or a contract in articles; AML forms add their result. */
export function templateContent(
  definition: TemplateDefinition,
  data: TemplateFormData,
  /** YYYY-MM-DD. */
  drawnUpOn: string,
  options: {
    member?: MemberLetterhead;
    /** The AML result to print; worked out from the data when not given. */
    risk?: RiskResult | null;
  } = {},
): PrintableDocument {
  const { member } = options;
  const risk = options.risk === undefined ? templateRisk(definition.type, data) : options.risk;
  const contract = definition.layout === 'contract';
  const computed = definition.computed?.(data) ?? {};
  const sections = contract
    ? contractSections(definition, data, computed)
    : formSections(definition, data, computed);
  return {
    issuer: ISSUER,
    ...(member ? { member } : {}),
    title: definition.title,
    subtitle: `Document établi le ${formatFrenchDate(drawnUpOn)}`,
    language: 'fr-LU',
    sections: [...sections, ...amlSections(definition.type, data, risk)],
    closing: closingLine(data, contract),
    signatures: signatures(definition, data),
    agencyBox: agencyBox(definition, data),
  };
}
