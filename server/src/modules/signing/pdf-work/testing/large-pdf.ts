import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';

const IMAGE = { width: 400, height: 200 };

/**
 * A PDF of about `bytes`, made of A4 pages each carrying text and an incompressible image (random
 * pixels): the size of the largest upload, with the structure a normalised upload has (xref table).
 */
export async function largePdf(bytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const perPage = IMAGE.width * IMAGE.height * 3;
  for (let index = 0; index < Math.ceil(bytes / perPage); index += 1) {
    const page = document.addPage([595.28, 841.89]);
    const image = document.context.flateStream(randomBytes(perPage), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: IMAGE.width,
      Height: IMAGE.height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    });
    page.node.setXObject(PDFName.of('Im0'), document.context.register(image));
    page.pushOperators();
    page.drawText(`Page ${index + 1}`, { x: 56, y: 780, size: 14, font });
  }
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
