/**
 * A nested message catalogue as `key.path → message`, the form both front ends' translation checks compare
 * language by language (same keys as French, no empty message, the same placeholders).
 */
export function flattenMessages(messages: object, prefix = ''): Map<string, unknown> {
  const into = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [nested, message] of flattenMessages(value as object, path)) into.set(nested, message);
    } else {
      into.set(path, value);
    }
  }
  return into;
}
