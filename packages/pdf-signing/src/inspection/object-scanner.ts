import { PDFContext, PDFObjectParser, type PDFObject } from '@cantoo/pdf-lib';
import { invalidPdf } from './pdf-rejection';

type ByteStream = ConstructorParameters<typeof PDFObjectParser>[0];

/** The library does not export its byte cursor class, but every parser owns one. */
function byteStreamOver(bytes: Uint8Array): ByteStream {
  return Reflect.get(PDFObjectParser.forBytes(bytes, PDFContext.create()), 'bytes') as ByteStream;
}

export interface ScannedObject {
  object: PDFObject;
  /** Offset just past the object (past `endstream` for a stream). */
  end: number;
}

/**
 * Parses one object at a given offset, on its own: unlike a full document parse it never decompresses
 * anything, so it can look at every stream before anything inflates one.
 */
export class ObjectScanner extends PDFObjectParser {
  constructor(bytes: Uint8Array) {
    super(byteStreamOver(bytes), PDFContext.create(), true);
  }

  /** The object at `offset`, or undefined when the bytes there are not one. */
  objectAt(offset: number): ScannedObject | undefined {
    try {
      this.bytes.moveTo(offset);
      const object = this.parseObject();
      return { object, end: this.bytes.offset() };
    } catch (error) {
      // The parser recurses per nesting level: a stack overflow means a hostile depth, not a typo.
      if (error instanceof RangeError) throw invalidPdf('objects nested too deeply');
      return undefined;
    }
  }

  /** The indirect object whose header (`12 0 obj`) starts at `offset`, with its number. */
  indirectObjectAt(offset: number): (ScannedObject & { objectNumber: number }) | undefined {
    const header = /^\s*(\d+)\s+(\d+)\s+obj\b/.exec(latin1(this.bytesAt(offset, 64)));
    if (!header) return undefined;
    const scanned = this.objectAt(offset + header[0].length);
    return scanned && { ...scanned, objectNumber: Number(header[1]) };
  }

  private bytesAt(offset: number, length: number): Uint8Array {
    return this.bytes.slice(offset, offset + length);
  }
}

export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
