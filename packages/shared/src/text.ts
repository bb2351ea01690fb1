/**
 * Characters that show nothing: format characters (Unicode category Cf: the direction controls that display
 * the rest of a line reversed, « invoice\u202efdp.exe » read as « invoiceexe.pdf »; zero-width spaces and
 * joiners, the soft hyphen, word joiners, the interlinear annotation marks U+FFF9–FFFB, tag characters) and
 * the rest of Unicode's Default_Ignorable_Code_Point set (variation selectors, the Hangul fillers U+115F,
 * U+1160, U+3164 and U+FFA0, the combining grapheme joiner, reserved ones). Typed into a name they make two
 * names that look the same differ, or hide text in a sealed PDF. Names in Arabic or Hebrew need none of
 * them: the Unicode bidirectional algorithm orders their letters by itself.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

const ZWNJ = '\u200c';
const ZWJ = '\u200d';
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
/** An emoji, or one finished by a skin tone or the emoji presentation selector, that a ZWJ may follow. */
const EMOJI_END = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]$/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;

const codePointBefore = (text: string, offset: number): string => {
  const before = Array.from(text.slice(Math.max(0, offset - 2), offset));
  return before[before.length - 1] ?? '';
};
const codePointAt = (text: string, offset: number): string => {
  const point = text.codePointAt(offset);
  return point === undefined ? '' : String.fromCodePoint(point);
};

/**
 * Whether an invisible character is one a word needs where it stands. The joiners (U+200C, U+200D) between
 * two letters or marks of a word: Persian (« می‌خواهم ») and the Indic scripts choose letter forms with them.
 * A ZWJ between emoji, and the emoji presentation selector (U+FE0E, U+FE0F) right after an emoji: emoji
 * sequences (« 👨‍👩‍👧 », « 🏳️‍🌈 ») are made of them. Anywhere else they are dropped.
 */
function needed(character: string, before: string, after: string): boolean {
  if (character === ZWNJ || character === ZWJ) {
    if (LETTER_OR_MARK.test(before) && LETTER_OR_MARK.test(after)) return true;
    return character === ZWJ && EMOJI_END.test(before) && EMOJI.test(after);
  }
  return (character === '\ufe0e' || character === '\ufe0f') && EMOJI.test(before);
}

/** The text without the invisible characters no word needs where they stand (see INVISIBLE, `needed`). */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE, (character: string, offset: number) =>
    needed(character, codePointBefore(text, offset), codePointAt(text, offset + character.length))
      ? character
      : '',
  );
}

/** Whether the text holds a control (Cc), format (Cf) or other default-ignorable character. */
export function hasControlOrInvisibleCharacter(text: string): boolean {
  return /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(text);
}

/** C0 and C1 controls (tab, line feed, carriage return, …) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A name, title, place or company field as the product keeps it everywhere (database, e-mails, SMS, sealed
 * PDFs, evidence pages): one Unicode form (NFC), on one line, without invisible characters (direction
 * controls, zero-width and other format characters: see `withoutInvisibleCharacters`), spaces collapsed,
 * trimmed. The server applies it to every such input; the front ends apply it before sending, so what the
 * user sees in the form is what is stored.
 */
export function cleanSingleLine(text: string): string {
  // Invisible characters go first: one between two characters can stop them composing under NFC.
  return withoutInvisibleCharacters(text)
    .normalize('NFC')
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
  return withoutInvisibleCharacters(text)
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS_BUT_NEWLINE, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
