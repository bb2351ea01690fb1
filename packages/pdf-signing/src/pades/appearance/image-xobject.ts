import type { IncrementalUpdate } from '../incremental-update';
import { dict, name, type PdfRectangle, type PdfRef } from '../pdf-syntax';
import { decodePng } from './png-image';

/** An image XObject and where it is drawn: inside `box`, centred, its aspect ratio kept. */
export interface PlacedImage extends PdfRectangle {
  ref: PdfRef;
}

/** Writes a PNG as an image XObject (ISO 32000-1 §8.9.5) with its alpha channel as a soft mask (§11.6.5.3). */
export function writeImage(update: IncrementalUpdate, png: Buffer, box: PdfRectangle): PlacedImage {
  const image = decodePng(png);
  const common = { Type: name('XObject'), Subtype: name('Image'), Width: image.width, Height: image.height };
  const softMask = image.alpha
    ? update.addStream(dict({ ...common, ColorSpace: name('DeviceGray'), BitsPerComponent: 8 }), image.alpha)
    : undefined;
  const ref = update.addStream(
    dict({
      ...common,
      ColorSpace: name(image.channels === 3 ? 'DeviceRGB' : 'DeviceGray'),
      BitsPerComponent: 8,
      SMask: softMask,
    }),
    image.pixels,
  );
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return {
    ref,
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  };
}
