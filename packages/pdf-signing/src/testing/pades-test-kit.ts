import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { ensureDevelopmentPki } from '../pki/development-pki';
import { LocalTimestampAuthority } from '../pki/local-timestamp-authority';
import type { PkiMaterial } from '../pki/pki-material';
import type { PdfRectangle } from '../pades/pdf-syntax';
import * as relyingParty from './signed-pdf-check';

/** Real PDFs from other producers (fixtures/pdfs at the repository's root, with their NOTICE). */
export const FIXTURES_DIR = path.resolve(__dirname, '../../../../fixtures/pdfs');

/** Every fixture PDF but the encrypted one, which cannot be signed. */
export function signableFixtures(): string[] {
  return readdirSync(FIXTURES_DIR)
    .filter((file) => file.endsWith('.pdf') && file !== 'libreoffice-writer-password.pdf')
    .sort();
}

/** The upload path's one full rewrite, before anything is signed. */
export async function normalise(pdf: Buffer): Promise<Buffer> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

export interface TestPki {
  directory: string;
  material: PkiMaterial;
  timestampAuthority: LocalTimestampAuthority;
  caFile: string;
  cleanup(): Promise<void>;
}

export async function createTestPki(): Promise<TestPki> {
  const directory = await mkdtemp(path.join(tmpdir(), 'pades-'));
  const material = await ensureDevelopmentPki(path.join(directory, 'pki'), {
    organizationName: 'Chambre Immobilière du Grand-Duché de Luxembourg',
  });
  const caFile = path.join(directory, 'ca.pem');
  await writeFile(caFile, material.trustBundlePem());
  return {
    directory,
    material,
    timestampAuthority: new LocalTimestampAuthority(material.timestamping),
    caFile,
    // PADES_KEEP_OUTPUT=1 keeps the signed files for a look with a viewer.
    cleanup: async () => {
      if (process.env.PADES_KEEP_OUTPUT) process.stdout.write(`signed PDFs kept in ${directory}\n`);
      else await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The relying party's checks of a signed PDF: `expected` signatures at PAdES `level`, under the test CA. */
export function checkSignedPdf(
  file: string,
  caFile: string,
  expected: number,
  level: relyingParty.PadesLevel,
): relyingParty.SignedPdfCheck {
  return relyingParty.checkSignedPdf(file, { trustAnchors: caFile, signatures: expected, level });
}

/**
 * The text poppler extracts in content-stream order (so a signature box over page text stays on its
 * own lines), without the bidi control characters it adds around right-to-left runs.
 */
export function extractText(file: string): string {
  const result = spawnSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return result.stdout.replace(/[\u200e\u200f\u202a-\u202e]/g, '');
}

type Corner = 'bottom-left' | 'bottom-right' | 'top-left' | 'top-right';

/** A signature box in a corner of a page of `size`. */
export function cornerBox(size: { width: number; height: number }, corner: Corner): PdfRectangle {
  const width = 180;
  const height = 64;
  const margin = 36;
  return {
    x: corner.endsWith('left') ? margin : size.width - margin - width,
    y: corner.startsWith('bottom') ? margin : size.height - margin - height,
    width,
    height,
  };
}

export async function pageSizes(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  return document.getPages().map((page) => page.getSize());
}

export interface PngOptions {
  /** Chunks written before IDAT (PLTE, tRNS). */
  chunks?: [string, Buffer][];
  /** The filter type byte of each row; the rows are then taken as already filtered. Default 0 (none). */
  filters?: number[];
}

/** A minimal 8-bit PNG encoder, for images with known pixels. */
export function encodePng(
  width: number,
  height: number,
  colorType: 0 | 2 | 3 | 4 | 6,
  rows: Buffer[],
  options: PngOptions = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(colorType, 9);
  const filtered = rows.map((row, index) =>
    Buffer.concat([Buffer.from([options.filters?.[index] ?? 0]), row]),
  );
  const data = deflateSync(Buffer.concat(filtered));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(options.chunks ?? []).map(([type, body]) => chunk(type, body)),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A round, half-transparent badge on a transparent background: a stand-in for a member's logo. */
export function sealPng(size = 96): Buffer {
  const rows: Buffer[] = [];
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(size * 4);
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre) / centre;
      const inside = distance <= 1;
      row.set([20, 60 + Math.round(120 * (x / size)), 140, inside ? (distance > 0.8 ? 255 : 160) : 0], x * 4);
    }
    rows.push(row);
  }
  return encodePng(size, size, 6, rows);
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
