import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PadesError, lastByte, type PdfRevision } from './pdf-revision';
import { PdfDict, PdfRaw, PdfRef, PdfString, dict, name, serialize, type PdfValue } from './pdf-syntax';

interface PendingObject {
  ref: PdfRef;
  value: PdfValue;
  stream?: Buffer;
}

export interface WrittenUpdate {
  /** The previous revision's bytes followed by the update. */
  bytes: Buffer;
  /** Where each written object starts, by object number. */
  offsets: Map<number, number>;
}

/** An update written as the bytes that follow the previous revision's. */
export interface WrittenTail {
  /** What is appended after the previous revision's last byte. */
  tail: Buffer;
  /** Where each written object starts in the whole file, by object number. */
  offsets: Map<number, number>;
  /** Where the update's cross-reference section starts in the whole file. */
  xrefOffset: number;
  /** The trailer's /Size and /ID. */
  size: number;
  id: PdfValue;
}

/**
 * One incremental update (ISO 32000-1 §7.5.6): new and changed objects appended after the previous
 * revision, then a cross-reference section of the previous one's kind (table or stream) whose trailer
 * chains to it with /Prev. The previous bytes are never touched: the update is written as a tail of its
 * own, and the whole file is the previous chunks followed by it.
 */
export class IncrementalUpdate {
  private readonly objects: PendingObject[] = [];
  private nextObjectNumber: number;

  constructor(readonly revision: PdfRevision) {
    this.nextObjectNumber = revision.size;
  }

  allocate(): PdfRef {
    return new PdfRef(this.nextObjectNumber++, 0);
  }

  /** Adds a new object, or a new version of an existing one when `ref` is already in use. */
  put(ref: PdfRef, value: PdfValue): PdfRef {
    this.replace({ ref, value });
    return ref;
  }

  /** A stream object; /Length is set here, and the data is compressed unless `compress` is false. */
  putStream(ref: PdfRef, streamDict: PdfDict, data: Buffer, compress = true): PdfRef {
    const entries = new PdfDict(streamDict.entries);
    const stream = compress ? deflateSync(data) : data;
    if (compress) entries.set('Filter', name('FlateDecode'));
    entries.set('Length', stream.length);
    this.replace({ ref, value: entries, stream });
    return ref;
  }

  addStream(streamDict: PdfDict, data: Buffer, compress = true): PdfRef {
    return this.putStream(this.allocate(), streamDict, data, compress);
  }

  add(value: PdfValue): PdfRef {
    return this.put(this.allocate(), value);
  }

  /** The objects written, in order, with their stream data. */
  get written(): readonly { ref: PdfRef; value: PdfValue; stream?: Buffer }[] {
    return this.objects;
  }

  /** The whole file: the previous revision's bytes followed by the update (one copy of them). */
  write(): WrittenUpdate {
    const { tail, offsets } = this.writeTail();
    return { bytes: Buffer.concat([...this.revision.chunks, tail]), offsets };
  }

  /** The bytes that follow the previous revision's. */
  writeTail(): WrittenTail {
    const chunks: Buffer[] = [];
    let position = this.revision.length;
    const append = (chunk: Buffer | string): void => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
      chunks.push(buffer);
      position += buffer.length;
    };
    const last = lastByte(this.revision);
    if (last !== 0x0a && last !== 0x0d) append('\n');
    const offsets = new Map<number, number>();
    for (const object of this.objects) {
      offsets.set(object.ref.objectNumber, position);
      append(serializeObject(object));
      if (object.stream) append(Buffer.concat([object.stream, Buffer.from('\nendstream\nendobj\n')]));
    }
    const xrefOffset = position;
    const id = nextId(this.revision.id);
    const section =
      this.revision.xrefKind === 'table'
        ? this.xrefTable(offsets, id)
        : this.xrefStream(offsets, xrefOffset, id);
    append(section.bytes);
    append(`startxref\n${xrefOffset}\n%%EOF\n`);
    return { tail: Buffer.concat(chunks), offsets, xrefOffset, size: section.size, id };
  }

  private replace(object: PendingObject): void {
    const index = this.objects.findIndex((pending) => pending.ref.equals(object.ref));
    if (index >= 0) this.objects.splice(index, 1, object);
    else this.objects.push(object);
  }

  private trailerEntries(size: number, id: PdfValue): Record<string, PdfValue | undefined> {
    const { revision } = this;
    return {
      Size: size,
      Prev: revision.xrefOffset,
      Root: revision.catalogRef,
      Info: revision.infoRef,
      ID: id,
    };
  }

  private xrefTable(offsets: Map<number, number>, id: PdfValue): { bytes: Buffer; size: number } {
    const entries = this.entries(offsets);
    const lines = ['xref'];
    for (const section of subsections(entries.map((entry) => entry.ref.objectNumber))) {
      lines.push(`${section.start} ${section.count}`);
      for (const entry of entries.slice(section.index, section.index + section.count)) {
        const generation = String(entry.ref.generation).padStart(5, '0');
        lines.push(`${String(entry.offset).padStart(10, '0')} ${generation} n\r`);
      }
    }
    const size = this.size(entries);
    lines.push(`trailer\n${serialize(dict(this.trailerEntries(size, id)))}\n`);
    return { bytes: Buffer.from(lines.join('\n'), 'latin1'), size };
  }

  /** ISO 32000-1 §7.5.8: type-1 entries with 4-byte offsets and 2-byte generations, itself included. */
  private xrefStream(
    offsets: Map<number, number>,
    ownOffset: number,
    id: PdfValue,
  ): { bytes: Buffer; size: number } {
    const own = this.allocate();
    const entries = [...this.entries(offsets), { ref: own, offset: ownOffset }];
    entries.sort((left, right) => left.ref.objectNumber - right.ref.objectNumber);
    const rows = entries.map((entry) => {
      const row = Buffer.alloc(7);
      row.writeUInt8(1, 0);
      row.writeUInt32BE(entry.offset, 1);
      row.writeUInt16BE(entry.ref.generation, 5);
      return row;
    });
    const data = deflateSync(Buffer.concat(rows));
    const index = subsections(entries.map((entry) => entry.ref.objectNumber)).flatMap((section) => [
      section.start,
      section.count,
    ]);
    const size = this.size(entries);
    const streamDict = dict({
      Type: name('XRef'),
      ...this.trailerEntries(size, id),
      W: [1, 4, 2],
      Index: index,
      Filter: name('FlateDecode'),
      Length: data.length,
    });
    const head = `${own.objectNumber} 0 obj\n${serialize(streamDict)}\nstream\n`;
    const bytes = Buffer.concat([Buffer.from(head, 'latin1'), data, Buffer.from('\nendstream\nendobj\n')]);
    return { bytes, size };
  }

  private entries(offsets: Map<number, number>): { ref: PdfRef; offset: number }[] {
    return this.objects
      .map((object) => ({ ref: object.ref, offset: offsets.get(object.ref.objectNumber) ?? 0 }))
      .sort((left, right) => left.ref.objectNumber - right.ref.objectNumber);
  }

  private size(entries: { ref: PdfRef }[]): number {
    return Math.max(this.revision.size, ...entries.map((entry) => entry.ref.objectNumber + 1));
  }
}

/** The rule of incremental updates: what was there before is kept byte for byte. */
export function assertStartsWith(output: Buffer, previous: Buffer): void {
  if (output.length < previous.length || !output.subarray(0, previous.length).equals(previous)) {
    throw new PadesError('the update changed bytes of the previous revision');
  }
}

function serializeObject(object: PendingObject): string {
  const head = `${object.ref.objectNumber} ${object.ref.generation} obj\n${serialize(object.value)}\n`;
  return object.stream ? `${head}stream\n` : `${head}endobj\n`;
}

/** Runs of consecutive object numbers; `numbers` is sorted. */
function subsections(numbers: number[]): { start: number; count: number; index: number }[] {
  const sections: { start: number; count: number; index: number }[] = [];
  numbers.forEach((number, index) => {
    const current = sections[sections.length - 1];
    if (current && current.start + current.count === number) current.count += 1;
    else sections.push({ start: number, count: 1, index });
  });
  return sections;
}

/** §14.4: the first identifier is permanent, the second changes with every revision. */
function nextId(previous: PdfValue | undefined): PdfValue {
  const fresh = new PdfString(createHash('md5').update(randomBytes(32)).digest());
  const [first] = Array.isArray(previous) ? previous : [];
  if (first instanceof PdfRaw || first instanceof PdfString) return [first, fresh];
  return [fresh, fresh];
}
