import sharp, { type OverlayOptions } from 'sharp';
import { SEAL_IMAGE_SIZE } from '@esign/pdf-signing';

/** The member's logo is drawn at 12 % of its size. */
export const LOGO_SCALE = 0.12;
const PADDING = 10;
const LOGO_GAP = 10;
const INK = '#1e3a6e';

export interface SealStampInput {
  chamberName: string;
  /** "Cachet électronique", in the request's language. */
  caption: string;
  /** The member's logo (PNG), or null for none. */
  logoPng: Buffer | null;
}

/**
 * The seal's stamp, a 380 × 114 PNG: a framed, nearly opaque card with the chamber's name and
 * the caption in DejaVu Sans, and the member's logo at 12 % of its size on the left. Drawn by libvips on
 * its own thread pool (sharp is asynchronous), so the event loop only waits for it. Not made inside the
 * PDF processes: they load the engine alone, and the stamp is small and made once per seal.
 */
export async function buildSealStamp(input: SealStampInput): Promise<Buffer> {
  const { width, height } = SEAL_IMAGE_SIZE;
  const logo = input.logoPng ? await scaledLogo(input.logoPng) : undefined;
  const textLeft = logo ? PADDING + logo.width + LOGO_GAP : PADDING;
  const text = await renderText(input, width - textLeft - PADDING, height - 2 * PADDING);
  const layers: OverlayOptions[] = [
    { input: frame(width, height), top: 0, left: 0 },
    {
      input: text.data,
      top: Math.round((height - text.height) / 2),
      left: Math.round(textLeft + (width - textLeft - PADDING - text.width) / 2),
    },
  ];
  if (logo) layers.push({ input: logo.data, top: Math.round((height - logo.height) / 2), left: PADDING });
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .png()
    .toBuffer();
}

/** The logo at 12 % of its own size, never taller than the stamp's inner height. */
async function scaledLogo(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const metadata = await sharp(png).metadata();
  const width = Math.max(1, Math.round((metadata.width ?? 1) * LOGO_SCALE));
  const height = Math.max(1, Math.round((metadata.height ?? 1) * LOGO_SCALE));
  const maxHeight = SEAL_IMAGE_SIZE.height - 2 * PADDING;
  const { data, info } = await sharp(png)
    .resize({ width, height: Math.min(height, maxHeight), fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function renderText(
  input: SealStampInput,
  width: number,
  height: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const markup =
    `<span foreground="${INK}"><b>${escapeMarkup(input.chamberName)}</b>\n` +
    `<span size="small">${escapeMarkup(input.caption)}</span></span>`;
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: 'DejaVu Sans',
      fontfile: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
      width,
      height,
      align: 'centre',
      wrap: 'word',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A white card, slightly see-through, with a double frame: reads as a stamp over any page. */
function frame(width: number, height: number): Buffer {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect x="1.5" y="1.5" width="${width - 3}" height="${height - 3}" rx="10" fill="#ffffff" fill-opacity="0.92" stroke="${INK}" stroke-width="3"/>` +
    `<rect x="6.5" y="6.5" width="${width - 13}" height="${height - 13}" rx="7" fill="none" stroke="${INK}" stroke-width="1"/>` +
    `</svg>`;
  return Buffer.from(svg);
}

/** Pango markup: the names are data, never markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
