import { hasControlOrInvisibleCharacter } from './text';

/** Rules shared by the server and both front ends. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).+$/;

export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && PASSWORD_PATTERN.test(password)
  );
}

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is proven by mail, not regex.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An e-mail address as the product takes it. Never a control or an invisible character (categories Cc and
 * Cf, Default_Ignorable_Code_Point): no mail system needs one, and a direction control shows the address
 * reversed wherever it is displayed. The server checks every e-mail it is sent with this too.
 */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email) && !hasControlOrInvisibleCharacter(email);
}
