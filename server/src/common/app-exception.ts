import { HttpException } from '@nestjs/common';
import {
  ERROR_STATUS,
  errorMessageKey,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorCodeWithExtras,
  type ErrorExtra,
} from '@esign/shared';

/**
 * What follows the code: optional per-field keys, then the extras its code declares (`ErrorExtras`), which a
 * code that always carries them cannot go without. A choice of codes carries none; one of them that needs
 * extras is thrown on its own.
 */
export type AppExceptionArguments<C extends ErrorCode> = true extends (
  C extends ErrorCodeWithExtras ? true : false
)
  ? [fieldErrors: Record<string, string> | undefined, extra: ErrorExtra<C>]
  : [fieldErrors?: Record<string, string>, extra?: ErrorExtra<C>];

/** The one exception services throw: a shared error code, its fixed HTTP status, optional per-field keys. */
export class AppException<C extends ErrorCode = ErrorCode> extends HttpException {
  readonly fieldErrors?: Record<string, string>;

  constructor(
    readonly code: C,
    ...[fieldErrors, extra]: AppExceptionArguments<C>
  ) {
    const body: ApiErrorBody = {
      statusCode: ERROR_STATUS[code],
      code,
      message: errorMessageKey(code),
      ...(fieldErrors ? { errors: fieldErrors } : {}),
      ...extra,
    };
    super(body, ERROR_STATUS[code]);
    this.fieldErrors = fieldErrors;
  }
}
