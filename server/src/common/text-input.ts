import { cleanSingleLine } from '@esign/shared';

/**
 * class-transformer transform for names, titles, places and company fields: one line, one Unicode form,
 * no direction controls (see `cleanSingleLine`, which both front ends apply too).
 */
export const cleanText = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? cleanSingleLine(value) : value;

export const lowerCaseTrimmed = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
