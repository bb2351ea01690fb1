/**
 * Explicit direction controls: embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the
 * marks LRM, RLM and ALM. Typed into a name, an override displays the rest of the line reversed (« Marc »
 * can read « craM » in a signature block, or « invoice‮fdp.exe » as « invoiceexe.pdf »). Names in Arabic
 * or Hebrew need none of them: the Unicode bidirectional algorithm orders their letters by itself. Joiners
 * (U+200C, U+200D) are kept: Persian words and emoji sequences need them.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** C0 and C1 controls (tab, line feed, carriage return, …) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A name, title, place or company field as the product keeps it everywhere (database, e-mails, SMS, sealed
 * PDFs, evidence pages): one Unicode form (NFC), on one line, without direction controls, spaces collapsed,
 * trimmed. The server applies it to every such input; the front ends apply it before sending, so what the
 * user sees in the form is what is stored.
 */
export function cleanSingleLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(LINE_BREAKS_AND_CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Controls other than the line feed, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A free text of several lines (a template's remarks): like `cleanSingleLine`, but its line breaks stay
 * (as `\n`), at most one blank line in a row.
 */
export function cleanMultiLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROLS_BUT_NEWLINE, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
