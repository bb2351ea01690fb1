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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Refuses a JSON text nested deeper than `MAX_JSON_DEPTH`, by one pass over its bytes before it is parsed: the
 * validation that follows parsing walks a body recursively, and 200,000 nested arrays overflowed its stack.
 * Brackets inside strings do not count. Meant for express.json's `verify` hook.
 */
export function assertJsonDepth(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
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
