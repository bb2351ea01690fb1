/** Below this length a password is weak whatever it contains. */
const METER_MIN_LENGTH = 8;

const CHECKS = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/];

/**
 * The password meter's score from 0 to 4: one point per kind of character (upper case,
 * lower case, digit, special), and at most 1 while the password is too short.
 */
export function passwordStrength(password: string): number {
  if (!password) return 0;
  const kinds = CHECKS.filter((check) => check.test(password)).length;
  return password.length < METER_MIN_LENGTH ? Math.min(kinds, 1) : kinds;
}

export const STRENGTH_LABELS = ['empty', 'weak', 'fair', 'good', 'strong'] as const;
