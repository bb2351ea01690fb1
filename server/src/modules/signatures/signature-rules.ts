import {
  ErrorCode,
  TEMPLATE_DEFINITIONS,
  cleanSingleLine,
  normalizeMobile,
  templateSignatories,
  type PageRectangle,
  type PlacementPosition,
  type SignatureLayout,
  type TemplateFormData,
  type TemplateSignatory,
  type TemplateType,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { cornerSlots, intersects, signatureBox } from '@esign/pdf-signing';
import { type SignatoryInputDto, type SignatureRequestInputDto } from './dto/signature-input.dto';

export interface PreparedSignatory {
  name: string;
  email: string;
  /** E.164. */
  mobile: string;
  /** 1..n, without gaps, in the order the member chose. */
  order: number;
  page: number;
  position: PlacementPosition;
  /** The party signed for, its role and its frame; null for an extra or on an upload. */
  party: string | null;
  role: string | null;
  frame: { page: number; rect: PageRectangle } | null;
}

/** A generated document whose frames are known: who must sign, and where. */
export interface TemplateParties {
  templateType: TemplateType;
  formData: TemplateFormData;
  layout: SignatureLayout;
}

export interface RequestContext {
  documentSource: 'CUSTOM' | 'TEMPLATE';
  pageCount: number;
  /** Each page's displayed size in points, for where an extra's block would go. */
  pages: { width: number; height: number }[];
  ownerHasLogo: boolean;
  /** A qualified trust-service provider is configured (CSC_BASE_URL). */
  qualifiedOffered: boolean;
  /** Set for a document generated with its frames (older generated documents have none). */
  template: TemplateParties | null;
}

type Errors = Record<string, string>;

const same = (left: string, right: string): boolean =>
  cleanSingleLine(left).normalize('NFC').toLocaleLowerCase('fr') ===
  cleanSingleLine(right).normalize('NFC').toLocaleLowerCase('fr');

/** Which side of the page a frame stands on, shown as the signatory's corner. */
function frameCorner(rect: PageRectangle, pageWidth: number): PlacementPosition {
  return rect.x + rect.width / 2 < pageWidth / 2 ? 'bottom-left' : 'bottom-right';
}

/**
 * A party's signatory is the person the form names, reached where the form says: the name, e-mail and
 * mobile must be the form's (the member changes them in the form, and the document with them).
 */
function partyErrors(
  signatory: SignatoryInputDto,
  party: TemplateSignatory,
  field: (name: string) => string,
) {
  const errors: Errors = {};
  if (!same(signatory.name, party.name)) errors[field('name')] = 'validation.partyNameMismatch';
  if (!same(signatory.email, party.email)) errors[field('email')] = 'validation.partyEmailMismatch';
  if (normalizeMobile(signatory.mobile) !== normalizeMobile(party.mobile))
    errors[field('mobile')] = 'validation.partyMobileMismatch';
  return errors;
}

/**
 * On a generated document every party signs, once, in its own frame; anyone else is an extra who says in
 * what capacity, and whose block must leave the frames, the agency's box and the seal's area free.
 */
function templateErrors(
  input: SignatureRequestInputDto,
  context: RequestContext,
  template: TemplateParties,
  parties: ReadonlyMap<string, TemplateSignatory>,
): Errors {
  const errors: Errors = {};
  const framed = new Set(template.layout.frames.map((frame) => frame.party));
  const taken = new Set<string>();
  input.signatories.forEach((signatory, index) => {
    const field = (name: string) => `signatories.${index}.${name}`;
    if (signatory.party) {
      const party = parties.get(signatory.party);
      if (!party || !framed.has(signatory.party)) errors[field('party')] = 'validation.partyUnknown';
      else if (taken.has(signatory.party)) errors[field('party')] = 'validation.partyTaken';
      else Object.assign(errors, partyErrors(signatory, party, field));
      taken.add(signatory.party);
      return;
    }
    if (!signatory.role) errors[field('role')] = 'validation.extraRoleRequired';
  });
  if ([...framed].some((party) => !taken.has(party))) errors.signatories = 'validation.partyMissing';
  return { ...errors, ...extraPlacementErrors(input, context, template.layout) };
}

/** An extra's block, where the engine will draw it at the request's size, must cover no frame or box. */
function extraPlacementErrors(
  input: SignatureRequestInputDto,
  context: RequestContext,
  layout: SignatureLayout,
): Errors {
  const errors: Errors = {};
  const kept = [...layout.frames, ...layout.boxes, layout.seal];
  const extras = input.signatories
    .map((signatory, index) => ({ signatory, index }))
    .filter(({ signatory }) => !signatory.party && signatory.placement);
  const slots = cornerSlots(
    extras.map(({ signatory, index }) => ({
      id: String(index),
      order: signatory.order,
      page: signatory.placement?.page ?? 1,
      position: signatory.placement?.position ?? 'bottom-right',
    })),
  );
  for (const { signatory, index } of extras) {
    const placement = signatory.placement;
    const size = context.pages[(placement?.page ?? 1) - 1];
    if (!placement || !size) continue;
    const block = signatureBox(
      { x: 0, y: 0, width: size.width, height: size.height },
      { ...placement, slot: slots.get(String(index)) ?? 0 },
      input.signatureSize,
    );
    if (kept.some((area) => area.page === placement.page && intersects(area.rect, block))) {
      errors[`signatories.${index}.placement`] = 'validation.placementOverFrame';
    }
  }
  return errors;
}

/**
 * The rules a request must meet beyond its shape, all checked at once so the member sees every problem:
 * the document's type matches, every placement and the seal are on an existing page, mobiles are mobile
 * numbers, each signatory has a phone of their own (the one-time code identifies them), orders are distinct,
 * an ADVANCED request needs the member's logo (the seal stamp carries it), and on a generated document each
 * party signs for itself in its frame.
 */
export function prepareSignatories(
  input: SignatureRequestInputDto,
  context: RequestContext,
): PreparedSignatory[] {
  const errors: Errors = {};
  if (input.documentType !== context.documentSource) errors.documentType = 'validation.documentTypeMismatch';
  if (input.sealPage > context.pageCount) errors.sealPage = 'validation.pageOutOfRange';
  if (input.signingMode !== 'SIMPLE' && !context.ownerHasLogo) errors.signingMode = 'validation.logoRequired';
  if (input.signingMode === 'QUALIFIED' && !context.qualifiedOffered) {
    errors.signingMode = 'validation.qualifiedUnavailable';
  }
  const frames = new Map((context.template?.layout.frames ?? []).map((frame) => [frame.party, frame]));
  const parties = partiesOf(context.template);
  const templateRuleErrors = context.template
    ? templateErrors(input, context, context.template, parties)
    : {};

  const seenMobiles = new Set<string>();
  const seenOrders = new Set<number>();
  const prepared = input.signatories.map((signatory, index): PreparedSignatory => {
    const field = (name: string) => `signatories.${index}.${name}`;
    const mobile = normalizeMobile(signatory.mobile);
    if (!mobile) errors[field('mobile')] = 'validation.mobile';
    else if (seenMobiles.has(mobile)) errors[field('mobile')] = 'validation.duplicateMobile';
    if (mobile) seenMobiles.add(mobile);
    if (seenOrders.has(signatory.order)) errors[field('order')] = 'validation.duplicateOrder';
    seenOrders.add(signatory.order);
    const frame = signatory.party ? frames.get(signatory.party) : undefined;
    if (signatory.party && !context.template) errors[field('party')] = 'validation.partyUnknown';
    if (!frame && !signatory.placement) errors[field('placement')] = 'validation.placementRequired';
    const page = frame?.page ?? signatory.placement?.page ?? 1;
    if (page > context.pageCount) errors[field('placement.page')] = 'validation.pageOutOfRange';
    const pageWidth = context.pages[page - 1]?.width ?? 0;
    return {
      name: signatory.name,
      email: signatory.email,
      mobile: mobile ?? '',
      order: signatory.order,
      page,
      position: frame
        ? frameCorner(frame.rect, pageWidth)
        : (signatory.placement?.position ?? 'bottom-right'),
      party: frame ? frame.party : null,
      role: frame ? parties.get(frame.party)?.role || null : signatory.role || null,
      frame: frame ? { page: frame.page, rect: frame.rect } : null,
    };
  });
  // A field's own error (a bad mobile, say) says more than the party rule it also breaks.
  const all = { ...templateRuleErrors, ...errors };
  if (Object.keys(all).length > 0) throw new AppException(ErrorCode.VALIDATION_FAILED, all);
  return prepared
    .sort((a, b) => a.order - b.order)
    .map((signatory, index) => ({ ...signatory, order: index + 1 }));
}

/** The parties the generated document's form names, by key (`vendeurs.0`); none for an upload. */
function partiesOf(template: TemplateParties | null): Map<string, TemplateSignatory> {
  const definition = template ? TEMPLATE_DEFINITIONS[template.templateType] : undefined;
  if (!template || !definition) return new Map();
  return new Map(templateSignatories(definition, template.formData).map((party) => [party.party, party]));
}
