import { type SignatureRequestView } from '@esign/shared';

type RequestState = Pick<SignatureRequestView, 'status' | 'signatories'>;

const OPEN = new Set<SignatureRequestView['status']>(['INIT', 'IN_PROGRESS']);

/** A request can be cancelled until it is finished (spec §4). */
export function canCancel(request: RequestState): boolean {
  return OPEN.has(request.status);
}

/** It can be changed while nobody has signed it (the API answers DOCUMENT_NOT_EDITABLE afterwards). */
export function canEdit(request: RequestState): boolean {
  return OPEN.has(request.status) && request.signatories.every((signatory) => signatory.status !== 'SIGNED');
}

/** Reminders go to signatories who have their invitation and have not signed yet. */
export function canRemind(request: RequestState): boolean {
  return request.status === 'IN_PROGRESS' && request.signatories.some((s) => s.status === 'INVITED');
}

/** The signed document exists once sealed. */
export function canDownload(request: RequestState): boolean {
  return request.status === 'SIGNED';
}
