/**
 * A quick check before the server's: an international number has 6 to 15 digits, with an optional leading
 * `+` and spaces, dots, dashes or brackets between them. The server then checks it is a mobile (one that takes
 * SMS) with the full numbering plan, which this page does not load.
 */
export function mobileError(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const compact = value.replace(/[\s.()-]/g, '');
  return /^\+?\d{6,15}$/.test(compact) ? undefined : 'validation.mobile';
}
