import { type SignatureRequestView } from '@esign/shared';

type RequestState = Pick<SignatureRequestView, 'status' | 'signatories'> &
  Partial<Pick<SignatureRequestView, 'expiresAt'>>;

const OPEN = new Set<SignatureRequestView['status']>(['INIT', 'IN_PROGRESS']);

/** A request can be cancelled until it is finished. */
export function canCancel(request: RequestState): boolean {
  return OPEN.has(request.status);
}

/** It can be changed while nobody has signed it (the API answers DOCUMENT_NOT_EDITABLE afterwards). */
export function canEdit(request: RequestState, now = Date.now()): boolean {
  return (
    OPEN.has(request.status) &&
    isBeforeExpiry(request, now) &&
    request.signatories.every((signatory) => signatory.status !== 'SIGNED')
  );
}

/** Reminders go to signatories who have their invitation and have not signed yet, before the expiry date. */
export function canRemind(request: RequestState, now = Date.now()): boolean {
  return (
    request.status === 'IN_PROGRESS' &&
    isBeforeExpiry(request, now) &&
    request.signatories.some((s) => s.status === 'INVITED')
  );
}

/**
 * What a signatory's status reads on the details page: once the request is closed without being signed
 * (cancelled, declined, expired), an invitation or a turn still to come is void, and says so.
 */
export function signatoryStatusKey(
  request: Pick<SignatureRequestView, 'status'>,
  signatory: Pick<SignatureRequestView['signatories'][number], 'status'>,
): string {
  const closed = ['CANCELLED', 'DECLINED', 'EXPIRED'].includes(request.status);
  if (closed && (signatory.status === 'INVITED' || signatory.status === 'WAITING')) {
    return 'app.signatures.signatory_link_closed';
  }
  return `app.signatures.signatory_status.${signatory.status}`;
}

/** The signed document exists once sealed. */
export function canDownload(request: RequestState): boolean {
  return request.status === 'SIGNED';
}

/** Still open and its expiry date not passed (the server's sweep may not have closed it yet). */
export function isBeforeExpiry(request: RequestState, now = Date.now()): boolean {
  return request.expiresAt === undefined || Date.parse(request.expiresAt) > now;
}

/** The expiry date can be moved later while the request is open and has not expired. */
export function canExtend(request: RequestState, now = Date.now()): boolean {
  return OPEN.has(request.status) && isBeforeExpiry(request, now);
}
