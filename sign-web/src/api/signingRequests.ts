import {
  type DeclinePayload,
  type DocumentViewedPayload,
  ErrorCode,
  isRecord,
  type Locale,
  type OtpSentResponse,
  type SignPayload,
  type SigningPageData,
  type SigningPageStatus,
} from '@esign/shared';
import { API_URL, type ApiOutcome, callApi } from './http';
import { type SigningRequestResult } from './types';

const STATUSES: readonly string[] = ['IN_PROGRESS', 'UPDATING_DOCUMENT', 'SIGNED', 'CANCEL'];

function isStatus(value: unknown): value is SigningPageStatus {
  return typeof value === 'string' && STATUSES.includes(value);
}

export function isSigningPageData(value: unknown): value is SigningPageData {
  if (!isRecord(value) || !isRecord(value.signatory)) return false;
  const { signatory } = value;
  return (
    typeof value.signatureId === 'string' &&
    typeof value.signatureTitle === 'string' &&
    typeof value.documentName === 'string' &&
    typeof value.documentUrl === 'string' &&
    typeof value.expiresAt === 'string' &&
    isStatus(value.status) &&
    typeof signatory.signatoryFullName === 'string' &&
    typeof signatory.signatoryMobile === 'string' &&
    typeof signatory.signatorySigningStatus === 'string' &&
    typeof signatory.isTurn === 'boolean'
  );
}

function isOtpSentResponse(value: unknown): value is OtpSentResponse {
  return isRecord(value) && typeof value.nextOtpAllowedAt === 'string';
}

/** What signing answers; QUALIFIED adds where the signatory goes to authorise at their provider. */
export interface SignResponse {
  status: SigningPageStatus;
  qualifiedAuthorisationUrl?: string;
}

function isSignedResponse(value: unknown): value is SignResponse {
  return (
    isRecord(value) &&
    isStatus(value.status) &&
    (value.qualifiedAuthorisationUrl === undefined || typeof value.qualifiedAuthorisationUrl === 'string')
  );
}

function isRecordedResponse(value: unknown): value is { recordedAt: string } {
  return isRecord(value) && typeof value.recordedAt === 'string';
}

function isDeclinedResponse(value: unknown): value is { status: 'DECLINED'; declinedAt: string } {
  return isRecord(value) && value.status === 'DECLINED' && typeof value.declinedAt === 'string';
}

/** The API address of a signing link; the key goes to this API only, never into logs or other requests. */
function signingUrl(signatureId: string, key: string, suffix = ''): string {
  return `${API_URL}/signatures/${encodeURIComponent(signatureId)}${suffix}?${new URLSearchParams({ key }).toString()}`;
}

/** What the signatory may see (`GET /api/signatures/{id}?key=`). */
export async function fetchSigningRequest(
  signatureId: string,
  key: string,
  signal?: AbortSignal,
): Promise<SigningRequestResult> {
  const outcome = await callApi(signingUrl(signatureId, key), { signal }, isSigningPageData);
  if (outcome.ok) return { kind: 'found', request: outcome.value };
  const { failure } = outcome;
  if (failure.kind === 'http' && failure.code === ErrorCode.REQUEST_DECLINED) {
    return {
      kind: 'declined',
      closedAt: failure.closedAt ?? null,
      language: failure.language ?? null,
      byYou: failure.declinedByYou === true,
    };
  }
  if (failure.kind === 'http' && failure.code === ErrorCode.REQUEST_EXPIRED) {
    return { kind: 'expired', closedAt: failure.closedAt ?? null, language: failure.language ?? null };
  }
  if (failure.kind === 'http' && (failure.status === 404 || failure.status === 410)) {
    return { kind: 'nothingToSign' };
  }
  return { kind: 'failed' };
}

/**
 * Sends a one-time code by SMS to the signatory's mobile (`GET /api/signatures/{id}/otp?key=&language=`),
 * in the language the page is shown in.
 */
export function requestOneTimeCode(
  signatureId: string,
  key: string,
  language: Locale,
): Promise<ApiOutcome<OtpSentResponse>> {
  const url = `${signingUrl(signatureId, key, '/otp')}&${new URLSearchParams({ language }).toString()}`;
  return callApi(url, {}, isOtpSentResponse);
}

/** Tells the server the page rendered the document (`POST /api/signatures/{id}/viewed?key=`). */
export function reportDocumentViewed(
  signatureId: string,
  key: string,
  payload: DocumentViewedPayload,
): Promise<ApiOutcome<{ recordedAt: string }>> {
  return callApi(
    signingUrl(signatureId, key, '/viewed'),
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) },
    isRecordedResponse,
  );
}

/** Declines to sign, with a reason (`POST /api/signatures/{id}/decline?key=`). */
export function declineSignature(
  signatureId: string,
  key: string,
  payload: DeclinePayload,
): Promise<ApiOutcome<{ status: 'DECLINED'; declinedAt: string }>> {
  return callApi(
    signingUrl(signatureId, key, '/decline'),
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) },
    isDeclinedResponse,
  );
}

/** Validates the code and signs (`POST /api/signatures/{id}/otp?key=`). */
export function submitSignature(
  signatureId: string,
  key: string,
  payload: SignPayload,
): Promise<ApiOutcome<SignResponse>> {
  return callApi(
    signingUrl(signatureId, key, '/otp'),
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) },
    isSignedResponse,
  );
}
