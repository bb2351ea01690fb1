import { type VerificationReport, type VerifiedSignatureView, isRecord } from '@esign/shared';
import { API_URL, type ApiOutcome, callApi } from './http';

export type { VerificationReport, VerifiedSignatureView };

const KINDS: readonly string[] = ['signature', 'seal', 'timestamp'];
const LEVELS: readonly string[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];

function isStringOrNull(value: unknown): value is string | null {
  return typeof value === 'string' || value === null;
}

function isVerifiedSignature(value: unknown): value is VerifiedSignatureView {
  return (
    isRecord(value) &&
    typeof value.kind === 'string' &&
    KINDS.includes(value.kind) &&
    isStringOrNull(value.signer) &&
    isStringOrNull(value.signedAt) &&
    typeof value.valid === 'boolean' &&
    typeof value.intact === 'boolean' &&
    typeof value.trusted === 'boolean' &&
    (value.level === null || (typeof value.level === 'string' && LEVELS.includes(value.level)))
  );
}

export function isVerificationReport(value: unknown): value is VerificationReport {
  return (
    isRecord(value) &&
    Array.isArray(value.signatures) &&
    value.signatures.every(isVerifiedSignature) &&
    typeof value.sealedByPlatform === 'boolean' &&
    typeof value.unchangedSinceSeal === 'boolean' &&
    (typeof value.auditChainValid === 'boolean' || value.auditChainValid === null) &&
    (value.requestTitle === undefined || typeof value.requestTitle === 'string') &&
    (value.sealedAt === undefined || typeof value.sealedAt === 'string')
  );
}

/** `POST /api/verify` with the PDF as the multipart field `file`. */
export function verifyDocument(file: File, signal?: AbortSignal): Promise<ApiOutcome<VerificationReport>> {
  const body = new FormData();
  body.append('file', file, file.name);
  return callApi(`${API_URL}/verify`, { method: 'POST', body, signal }, isVerificationReport);
}
