// The full metadata: the default bundle cannot tell a mobile from a landline.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Mobile numbers default to Luxembourg and are stored in E.164. */
export const DEFAULT_PHONE_COUNTRY = 'LU';

/** The E.164 form of a valid mobile (or mobile-capable) number, or null. */
export function normalizeMobile(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isValid()) return null;
  const type = parsed.getType();
  // Codes go by SMS: landlines, premium-rate and shared-cost numbers cannot take them.
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}
