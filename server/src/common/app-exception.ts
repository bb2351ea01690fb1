import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, errorMessageKey, type ApiErrorBody, type ErrorCode } from '@esign/shared';

/** The one exception services throw: a shared error code, its fixed HTTP status, optional per-field keys. */
export class AppException extends HttpException {
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string>,
    extra?: Record<string, unknown>,
  ) {
    const body: ApiErrorBody & Record<string, unknown> = {
      statusCode: ERROR_STATUS[code],
      code,
      message: errorMessageKey(code),
      ...(fieldErrors ? { errors: fieldErrors } : {}),
      ...extra,
    };
    super(body, ERROR_STATUS[code]);
  }
}
