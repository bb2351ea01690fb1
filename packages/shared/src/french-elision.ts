/**
 * French elides « de » and « que » before a vowel: « Coûts d’octobre », « la demande d’Anne ». A sentence put
 * together from a template and a value must do it where the value is put in; a mute h is left alone, since
 * names with an aspirated h (« de Hoffmann ») are the more common in Luxembourg.
 */
const STARTS_WITH_VOWEL = /^[aeiouyàâäæéèêëîïôöœùûüAEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜ]/;

export function startsWithFrenchVowel(word: string): boolean {
  return STARTS_WITH_VOWEL.test(word.trim());
}

/** « de » and a word, elided when the word starts with a vowel: `d’octobre`, `de Paul`. */
export function frenchDe(word: string): string {
  return startsWithFrenchVowel(word) ? `d’${word.trim()}` : `de ${word}`;
}

/**
 * Marks a value put into a French message, so `elideBeforeMarkedValues` can elide the word before it and
 * only there: an invisible character the text then loses.
 */
export const FRENCH_VALUE_MARK = '\u2063';

const BEFORE_MARKED_VALUE = new RegExp(
  `(^|[\\s(«“'’])(de|De|que|Que|jusque|Jusque|lorsque|Lorsque|puisque|Puisque) ${FRENCH_VALUE_MARK}(?=\\s*[aeiouyàâäæéèêëîïôöœùûüAEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜ])`,
  'g',
);

/** Elides « de » and « que » before each marked value that starts with a vowel, then removes the marks. */
export function elideBeforeMarkedValues(text: string): string {
  return text
    .replace(BEFORE_MARKED_VALUE, (_match, before: string, word: string) => `${before}${word.slice(0, -1)}’`)
    .replaceAll(FRENCH_VALUE_MARK, '');
}
