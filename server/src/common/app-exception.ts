import { HttpException } from '@nestjs/common';
import {
  ERROR_STATUS,
  errorMessageKey,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorCodeWithExtras,
  type ErrorExtra,
  type ErrorExtraFields,
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

const AppExceptionClass = class AppException extends HttpException {
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string>,
    extra?: Partial<ErrorExtraFields>,
  ) {
    const body: ApiErrorBody = {
      statusCode: ERROR_STATUS[code],
      code,
      message: errorMessageKey(code),
      ...(fieldErrors ? { errors: fieldErrors } : {}),
      ...extra,
    };
    super(body, ERROR_STATUS[code]);
  }
};

/** The one exception services throw: a shared error code, its fixed HTTP status, optional per-field keys. */
export type AppException = InstanceType<typeof AppExceptionClass>;

/** Made with the extras of its code only (see `AppExceptionArguments`); `instanceof` tells it as ever. */
export const AppException: new <C extends ErrorCode>(
  code: C,
  ...details: AppExceptionArguments<C>
) => AppException = AppExceptionClass;
