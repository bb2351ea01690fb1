/**
 * Just enough DER (X.690) to write a certificate and to walk a structure by its tags and lengths, for the
 * paths where a full ASN.1 object model costs more than the work itself.
 */

/** A DER element: its tag, where its header starts, and where its content starts and ends. */
export interface DerElement {
  tag: number;
  header: number;
  start: number;
  end: number;
}

/** Reads the element at `offset`; throws on anything that is not definite-length DER within `limit`. */
export function derElement(bytes: Buffer, offset: number, limit = bytes.length): DerElement {
  const tag = bytes[offset];
  const first = bytes[offset + 1];
  if (tag === undefined || first === undefined || (tag & 0x1f) === 0x1f) throw new Error('not DER');
  let length = first;
  let start = offset + 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new Error('not DER');
    length = 0;
    for (let index = 0; index < count; index += 1) length = length * 256 + (bytes[start + index] ?? 0);
    start += count;
  }
  const end = start + length;
  if (end > limit) throw new Error('truncated DER');
  return { tag, header: offset, start, end };
}

/** The elements inside a constructed element. */
export function derChildren(bytes: Buffer, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let offset = parent.start; offset < parent.end;) {
    const child = derElement(bytes, offset, parent.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** The whole element (header and content). */
export function derBytes(bytes: Buffer, element: DerElement): Buffer {
  return bytes.subarray(element.header, element.end);
}

function lengthOf(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Buffer.from([0x80 | octets.length, ...octets]);
}

/** A tag-length-value element around the given content. */
export function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), lengthOf(body.length), body]);
}

export const sequence = (...content: Buffer[]): Buffer => der(0x30, ...content);
export const set = (...content: Buffer[]): Buffer => der(0x31, ...content);
export const octetString = (content: Buffer): Buffer => der(0x04, content);
export const bitString = (content: Buffer, unusedBits = 0): Buffer =>
  der(0x03, Buffer.from([unusedBits]), content);
/** [n] EXPLICIT (constructed, context-specific). */
export const explicit = (tagNumber: number, ...content: Buffer[]): Buffer =>
  der(0xa0 + tagNumber, ...content);
export const TRUE = Buffer.from([0x01, 0x01, 0xff]);
export const NULL = Buffer.from([0x05, 0x00]);

/** A non-negative INTEGER from its big-endian magnitude. */
export function unsignedInteger(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start += 1;
  const trimmed = magnitude.subarray(start);
  return der(0x02, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const octets = [first * 40 + second];
  for (const arc of rest) {
    const base128: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      base128.unshift((value % 128) | (base128.length ? 0x80 : 0));
      if (value < 128) break;
    }
    octets.push(...base128);
  }
  return der(0x06, Buffer.from(octets));
}

/** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050, in whole seconds, UTC. */
export function time(date: Date): Buffer {
  const iso = date.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(digits.slice(2), 'latin1'))
    : der(0x18, Buffer.from(digits, 'latin1'));
}

/** PrintableString when the text allows it (X.680 §41.4), else UTF8String. */
export function directoryString(text: string): Buffer {
  return /^[A-Za-z0-9 '()+,\-./:=?]*$/.test(text)
    ? der(0x13, Buffer.from(text, 'latin1'))
    : der(0x0c, Buffer.from(text, 'utf8'));
}
