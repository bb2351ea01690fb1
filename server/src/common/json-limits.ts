/** Deepest nesting of arrays and objects a JSON body may have; the product's own bodies stay under 10. */
export const MAX_JSON_DEPTH = 32;

/** An error the body parser turns into a 400 (http-errors reads `status` and `expose`). */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/** A 400 for a request holding a NUL character, which no PostgreSQL text can hold (body or address). */
export class NulCharacterError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.nul.character';
  constructor() {
    super('Request holding a NUL character');
  }
}

/**
 * Refuses a request whose address holds a NUL character (%00, in its path or its query): the route's
 * parameters would reach a statement that fails, and the embedded database drops its connection on it.
 */
export function refuseNulInAddress(url: string): void {
  if (/%00/i.test(url) || url.includes('\0')) throw new NulCharacterError();
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

const LETTER_U = 0x75;
const DIGIT_0 = 0x30;

/** Whether the escape starting at `bytes[i]` (a backslash) is \u0000. */
function isNulEscape(bytes: Uint8Array, i: number): boolean {
  return (
    bytes[i + 1] === LETTER_U &&
    bytes[i + 2] === DIGIT_0 &&
    bytes[i + 3] === DIGIT_0 &&
    bytes[i + 4] === DIGIT_0 &&
    bytes[i + 5] === DIGIT_0
  );
}

/**
 * Refuses, by one pass over its bytes before it is parsed, a JSON text nested deeper than `MAX_JSON_DEPTH`
 * (the validation that follows parsing walks a body recursively, and 200,000 nested arrays overflowed its
 * stack; brackets inside strings do not count) or holding a NUL character in a string (PostgreSQL text
 * cannot hold one: the statement would fail, and the embedded database drops its connection on it). A raw
 * NUL byte is no valid JSON; the parser refuses it. Meant for express.json's `verify` hook.
 */
export function assertJsonDepth(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) {
        if (isNulEscape(bytes, i)) throw new NulCharacterError();
        i += 1;
      } else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) throw new JsonTooDeepError();
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth -= 1;
    }
  }
}
