import { type SignatureRequestView } from '@esign/shared';

type RequestState = Pick<SignatureRequestView, 'status' | 'signatories'> &
  Partial<Pick<SignatureRequestView, 'expiresAt'>>;

const OPEN = new Set<SignatureRequestView['status']>(['INIT', 'IN_PROGRESS']);

/** A request can be cancelled until it is finished (spec §4). */
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
