import { ErrorCode, readApiError, type ApiErrorBody } from '@esign/shared';
import { AppException } from './app-exception';

const body = (exception: AppException): ApiErrorBody => exception.getResponse() as ApiErrorBody;
const codeAnswers = (first: boolean) => (first ? ErrorCode.OTP_INVALID : ErrorCode.OTP_EXPIRED);
const linkAnswers = (first: boolean) => (first ? ErrorCode.NOT_FOUND : ErrorCode.ALREADY_SIGNED);

describe('an application error', () => {
  it('carries the extras its code declares, which the front ends read back', () => {
    const early = new AppException(ErrorCode.REMINDER_TOO_EARLY, undefined, {
      retryAfter: 61_000,
      nextReminderAvailability: '2026-03-05T10:00:00.000Z',
    });
    expect(body(early)).toEqual({
      statusCode: 429,
      code: ErrorCode.REMINDER_TOO_EARLY,
      message: 'errors.REMINDER_TOO_EARLY',
      retryAfter: 61_000,
      nextReminderAvailability: '2026-03-05T10:00:00.000Z',
    });
    expect(readApiError(body(early)).retryAfterMs).toBe(61_000);
    expect(early).toBeInstanceOf(AppException);
    expect(early.name).toBe('AppException');
    const full = new AppException(ErrorCode.STORAGE_QUOTA_EXCEEDED, undefined, {
      usedBytes: 9,
      limitBytes: 10,
    });
    expect(readApiError(body(full)).storage).toEqual({ usedBytes: 9, limitBytes: 10 });
    const invalid = new AppException(ErrorCode.VALIDATION_FAILED, { email: 'validation.email' });
    expect(body(invalid).errors).toEqual({ email: 'validation.email' });
    expect(invalid.fieldErrors).toEqual({ email: 'validation.email' });
    // @ts-expect-error a misspelt extra does not compile where it is read either
    expect(body(full).usedByte).toBeUndefined();
  });

  it('refuses, at compile time, extras its code does not declare, misspelt or missing', () => {
    const refused = [
      // @ts-expect-error a misspelt extra
      new AppException(ErrorCode.OTP_TOO_SOON, undefined, { retryAftr: 1000 }),
      // @ts-expect-error an extra of another code
      new AppException(ErrorCode.NOT_FOUND, undefined, { retryAfter: 1000 }),
      // @ts-expect-error a code whose body always says how many tries are left
      new AppException(ErrorCode.OTP_INVALID),
      // @ts-expect-error one of several codes that needs extras is thrown on its own
      new AppException(codeAnswers(true)),
      new AppException(linkAnswers(false)),
      new AppException(ErrorCode.REQUEST_EXPIRED),
    ];
    expect(refused.map((exception) => exception.getStatus())).toEqual([429, 404, 400, 400, 409, 410]);
  });
});
