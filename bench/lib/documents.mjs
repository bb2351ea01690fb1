import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const { PDFDocument, StandardFonts } = require('@cantoo/pdf-lib');

/** A normalised one-page PDF carrying `megabytes` of incompressible data (as a scanned page would). */
export async function documentOf(megabytes) {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText('Compromis de vente', {
    x: 50,
    y: 780,
    size: 18,
    font: await document.embedFont(StandardFonts.Helvetica),
  });
  const payload = document.context.stream(randomBytes(Math.round(megabytes * 1024 * 1024)), {});
  document.catalog.set(document.context.obj('BenchPayload'), document.context.register(payload));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
