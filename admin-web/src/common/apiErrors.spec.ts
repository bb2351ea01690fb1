import { ErrorCode } from '@esign/shared';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { apiErrorCode, errorMessageKey, retryAfterMs, serverFieldErrors, storageQuotaOf } from './apiErrors';

const validation = new HttpError('errors.VALIDATION_FAILED', 422, {
  statusCode: 422,
  code: 'VALIDATION_FAILED',
  message: 'errors.VALIDATION_FAILED',
  errors: { 'signatories.1.email': 'validation.email', signatureTitle: 'validation.required', odd: 3 },
});

describe('API errors', () => {
  it('reads the per-field keys of a 422 and ignores anything that is not a key', () => {
    expect(serverFieldErrors(validation)).toEqual({
      'signatories.1.email': 'validation.email',
      signatureTitle: 'validation.required',
    });
    expect(serverFieldErrors(new Error('network'))).toEqual({});
  });

  it('reads the code and the retryAfter of a 429', () => {
    const tooEarly = new HttpError('x', 429, { code: 'REMINDER_TOO_EARLY', retryAfter: 61_000 });
    expect(apiErrorCode(tooEarly)).toBe(ErrorCode.REMINDER_TOO_EARLY);
    expect(retryAfterMs(tooEarly)).toBe(61_000);
    expect(retryAfterMs(validation)).toBeUndefined();
  });

  it('explains known codes and falls back for the others', () => {
    const encrypted = new HttpError('x', 422, { code: 'PDF_ENCRYPTED' });
    expect(errorMessageKey(encrypted, 'fallback', [ErrorCode.PDF_ENCRYPTED])).toBe('errors.PDF_ENCRYPTED');
    expect(errorMessageKey(new HttpError('x', 500, { code: 'INTERNAL' }), 'fallback', [])).toBe('fallback');
    expect(errorMessageKey(new HttpError('x', 500, { code: 'NOPE' }), 'fallback', [ErrorCode.INTERNAL])).toBe(
      'fallback',
    );
  });

  it('reads what a full storage quota answer says is used and allowed', () => {
    const full = new HttpError('x', 413, {
      code: 'STORAGE_QUOTA_EXCEEDED',
      usedBytes: 2_000_000_000,
      limitBytes: 2_147_483_648,
    });
    expect(storageQuotaOf(full)).toEqual({ usedBytes: 2_000_000_000, limitBytes: 2_147_483_648 });
    expect(storageQuotaOf(new HttpError('x', 413, { code: 'STORAGE_QUOTA_EXCEEDED' }))).toBeUndefined();
    expect(
      storageQuotaOf(new HttpError('x', 413, { code: 'FILE_TOO_LARGE', usedBytes: 1, limitBytes: 2 })),
    ).toBe(undefined);
  });
});
