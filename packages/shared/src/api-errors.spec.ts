import { readApiError } from './api-errors';
import { ErrorCode } from './errors';

describe('readApiError', () => {
  it('reads a known code, the field errors and the wait', () => {
    expect(
      readApiError({
        statusCode: 422,
        code: ErrorCode.VALIDATION_FAILED,
        errors: { email: 'validation.email', nested: { no: 1 }, count: 3 },
        retryAfter: 1500,
      }),
    ).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      errors: { email: 'validation.email' },
      retryAfterMs: 1500,
    });
  });

  it('takes the wait from the header in seconds when the body has none', () => {
    expect(readApiError({}, '3').retryAfterMs).toBe(3000);
    expect(readApiError({ retryAfter: 200 }, '3').retryAfterMs).toBe(200);
    expect(readApiError({}, ' ').retryAfterMs).toBeNull();
    expect(readApiError({}, 'soon').retryAfterMs).toBeNull();
    expect(readApiError({ retryAfter: -1 }, null).retryAfterMs).toBeNull();
  });

  it('trusts nothing of a body that is not the contract', () => {
    for (const body of [null, undefined, '<html>Bad gateway</html>', 42, ['code'], { code: 'NOT_A_CODE' }]) {
      expect(readApiError(body)).toEqual({ code: null, errors: {}, retryAfterMs: null });
    }
  });

  it('reads the quota only on a quota answer, and a closed request’s date and language', () => {
    expect(
      readApiError({ code: ErrorCode.STORAGE_QUOTA_EXCEEDED, usedBytes: 10, limitBytes: 20 }).storage,
    ).toEqual({ usedBytes: 10, limitBytes: 20 });
    expect(
      readApiError({ code: ErrorCode.NOT_FOUND, usedBytes: 10, limitBytes: 20 }).storage,
    ).toBeUndefined();
    expect(
      readApiError({ code: ErrorCode.REQUEST_EXPIRED, closedAt: '2026-11-01T00:00:00.000Z', language: 'lu' }),
    ).toMatchObject({ closedAt: '2026-11-01T00:00:00.000Z', language: 'lu' });
    expect(readApiError({ language: 'xx' }).language).toBeUndefined();
    expect(readApiError({ code: ErrorCode.REQUEST_DECLINED, declinedByYou: true }).declinedByYou).toBe(true);
    expect(readApiError({ code: ErrorCode.REQUEST_DECLINED, declinedByYou: false }).declinedByYou).toBe(
      false,
    );
    expect(
      readApiError({ code: ErrorCode.REQUEST_DECLINED, declinedByYou: 'yes' }).declinedByYou,
    ).toBeUndefined();
    expect(
      readApiError({ code: ErrorCode.REQUEST_EXPIRED, declinedByYou: true }).declinedByYou,
    ).toBeUndefined();
  });
});
