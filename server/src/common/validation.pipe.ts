import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ErrorCode } from '@esign/shared';
import { AppException } from './app-exception';

/**
 * Rules about what a value is rather than what it holds: when one of them fails, it is the one to tell (a
 * number given for a name is "must be a text", not "too long", whichever rule class-validator listed first).
 */
const TYPE_RULES = ['isDefined', 'isString', 'isBoolean', 'isInt', 'isNumber', 'isArray', 'isObject'];

/**
 * `errors.<field path>` → the failed rule as a translation key, a type rule first: the rule's own message when
 * it is one (`validation.vatNumber`), otherwise `validation.<rule>` (e.g. `validation.isEmail`).
 */
export function fieldErrors(errors: ValidationError[], parent = ''): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const failed = Object.entries(error.constraints ?? {});
    const first = failed.find(([rule]) => TYPE_RULES.includes(rule)) ?? failed[0];
    if (first) result[path] = first[1].startsWith('validation.') ? first[1] : `validation.${first[0]}`;
    Object.assign(result, fieldErrors(error.children ?? [], path));
  }
  return result;
}

/** Unknown fields are refused (not silently kept) so a client cannot set what it may not (e.g. `role`). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new AppException(ErrorCode.VALIDATION_FAILED, fieldErrors(errors)),
  });
}
