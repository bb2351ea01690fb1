/**
 * A small model of PDF objects (ISO 32000-1 §7.3) and their serialisation, for writing incremental
 * updates byte by byte. Existing objects read with pdf-lib are converted to it in pdf-lib-bridge.ts.
 */

export class PdfName {
  /** `name` holds regular characters only, without the leading slash (see `encodePdfName`). */
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly objectNumber: number,
    readonly generation = 0,
  ) {}

  equals(other: PdfRef): boolean {
    return this.objectNumber === other.objectNumber && this.generation === other.generation;
  }
}

/** A string object; written as a literal when it is printable ASCII, else as a hexadecimal string. */
export class PdfString {
  constructor(readonly bytes: Buffer) {}
}

/** Already serialised tokens: values kept verbatim from an existing object, or placeholders. */
export class PdfRaw {
  constructor(readonly text: string) {}
}

export class PdfDict {
  readonly entries: Map<string, PdfValue>;

  /** Keys are names without the leading slash, in their encoded (#xx) form. */
  constructor(entries: Iterable<[string, PdfValue | undefined]> = []) {
    this.entries = new Map();
    for (const [key, value] of entries) if (value !== undefined) this.entries.set(key, value);
  }

  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: PdfValue): this {
    this.entries.set(key, value);
    return this;
  }
}

/** A rectangle in a page's default user space (PDF points, origin at the bottom left). */
export interface PdfRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfRaw | PdfDict | PdfValue[];

export function name(value: string): PdfName {
  return new PdfName(encodePdfName(value));
}

export function dict(entries: Record<string, PdfValue | undefined>): PdfDict {
  return new PdfDict(Object.entries(entries));
}

/** A text string (§7.9.2.2): ASCII as is, anything else as UTF-16BE with a byte-order mark. */
export function textString(text: string): PdfString {
  if (/^[\x20-\x7e]*$/.test(text)) return new PdfString(Buffer.from(text, 'latin1'));
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return new PdfString(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16]));
}

/** A date string (§7.9.4) in UTC, e.g. D:20250131093000+00'00'. */
export function dateString(date: Date): PdfString {
  const pad = (value: number): string => String(value).padStart(2, '0');
  const text =
    `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}+00'00'`;
  return new PdfString(Buffer.from(text, 'latin1'));
}

/** §7.3.5: delimiters, whitespace, '#' and anything outside printable ASCII are written as #xx. */
export function encodePdfName(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    const regular = byte > 0x20 && byte < 0x7f && !'()<>[]{}/%#'.includes(char);
    encoded += regular ? char : `#${byte.toString(16).padStart(2, '0').toUpperCase()}`;
  }
  return encoded;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`cannot write ${value} in a PDF`);
  if (Number.isInteger(value)) return String(value);
  const fixed = value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '-0' ? '0' : fixed;
}

export function serialize(value: PdfValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(serialize).join(' ')}]`;
  if (value instanceof PdfName) return `/${value.name}`;
  if (value instanceof PdfRef) return `${value.objectNumber} ${value.generation} R`;
  if (value instanceof PdfString) return serializeString(value.bytes);
  if (value instanceof PdfRaw) return value.text;
  const body = [...value.entries].map(([key, entry]) => `/${key} ${serialize(entry)}`);
  return `<<${body.join(' ')}>>`;
}

function serializeString(bytes: Buffer): string {
  if (bytes.every((byte) => byte >= 0x20 && byte < 0x7f)) {
    return `(${bytes.toString('latin1').replace(/[\\()]/g, (char) => `\\${char}`)})`;
  }
  return `<${bytes.toString('hex').toUpperCase()}>`;
}
