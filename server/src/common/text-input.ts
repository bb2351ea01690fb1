import { applyDecorators } from '@nestjs/common';
import { IsEmail, ValidateBy } from 'class-validator';
import { cleanSingleLine, isValidEmail } from '@esign/shared';

/**
 * class-transformer transform for names, titles, places and company fields: one line, one Unicode form,
 * no invisible characters (see `cleanSingleLine`, which both front ends apply too).
 */
export const cleanText = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? cleanSingleLine(value) : value;

export const lowerCaseTrimmed = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/**
 * An e-mail address: a well-formed one (class-validator's rules) that the shared rule the front ends apply
 * accepts too (no control or invisible character), refused with `message` otherwise.
 */
export function IsEmailAddress(message: string): PropertyDecorator {
  return applyDecorators(
    IsEmail({}, { message }),
    ValidateBy(
      {
        name: 'isEmailAddress',
        validator: { validate: (value: unknown) => typeof value === 'string' && isValidEmail(value) },
      },
      { message },
    ),
  );
}
