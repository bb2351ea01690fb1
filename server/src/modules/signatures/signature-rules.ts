import { ErrorCode, normalizeMobile, type PlacementPosition } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type SignatureRequestInputDto } from './dto/signature-input.dto';

export interface PreparedSignatory {
  name: string;
  email: string;
  /** E.164. */
  mobile: string;
  /** 1..n, without gaps, in the order the member chose. */
  order: number;
  page: number;
  position: PlacementPosition;
}

export interface RequestContext {
  documentSource: 'CUSTOM' | 'TEMPLATE';
  pageCount: number;
  ownerHasLogo: boolean;
}

/**
 * The rules a request must meet beyond its shape, all checked at once so the member sees every problem:
 * the document's type matches, every placement and the seal are on an existing page, mobiles are mobile
 * numbers, each signatory has a phone of their own (the one-time code identifies them), orders are distinct,
 * and an ADVANCED request needs the member's logo (the seal stamp carries it).
 */
export function prepareSignatories(
  input: SignatureRequestInputDto,
  context: RequestContext,
): PreparedSignatory[] {
  const errors: Record<string, string> = {};
  if (input.documentType !== context.documentSource) errors.documentType = 'validation.documentTypeMismatch';
  if (input.sealPage > context.pageCount) errors.sealPage = 'validation.pageOutOfRange';
  if (input.signingMode === 'ADVANCED' && !context.ownerHasLogo)
    errors.signingMode = 'validation.logoRequired';

  const seenMobiles = new Set<string>();
  const seenOrders = new Set<number>();
  const prepared = input.signatories.map((signatory, index) => {
    const field = (name: string) => `signatories.${index}.${name}`;
    const mobile = normalizeMobile(signatory.mobile);
    if (!mobile) errors[field('mobile')] = 'validation.mobile';
    else if (seenMobiles.has(mobile)) errors[field('mobile')] = 'validation.duplicateMobile';
    if (mobile) seenMobiles.add(mobile);
    if (seenOrders.has(signatory.order)) errors[field('order')] = 'validation.duplicateOrder';
    seenOrders.add(signatory.order);
    if (signatory.placement.page > context.pageCount)
      errors[field('placement.page')] = 'validation.pageOutOfRange';
    return {
      name: signatory.name,
      email: signatory.email,
      mobile: mobile ?? '',
      order: signatory.order,
      page: signatory.placement.page,
      position: signatory.placement.position,
    };
  });
  if (Object.keys(errors).length > 0) throw new AppException(ErrorCode.VALIDATION_FAILED, errors);
  return prepared
    .sort((a, b) => a.order - b.order)
    .map((signatory, index) => ({ ...signatory, order: index + 1 }));
}
