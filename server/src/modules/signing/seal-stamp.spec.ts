import sharp from 'sharp';
import { buildSealStamp, escapeMarkup, LOGO_SCALE } from './seal-stamp';

async function logo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#c03020' } })
    .png()
    .toBuffer();
}

/** Columns of the stamp where the logo's red shows. */
async function redColumns(png: Buffer): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const columns = new Set<number>();
  for (let index = 0; index < info.width * info.height; index += 1) {
    const [r, g, b, a] = [0, 1, 2, 3].map((offset) => data[index * info.channels + offset] ?? 0);
    if (a! > 200 && r! > 150 && g! < 90 && b! < 90) columns.add(index % info.width);
  }
  return [...columns].sort((left, right) => left - right);
}

describe('the seal stamp image', () => {
  const texts = { chamberName: 'Chambre immobilière du Grand-Duché', caption: 'Cachet électronique' };

  it('is a 380 × 114 PNG with transparency, with or without a logo', async () => {
    for (const logoPng of [null, await logo(210, 105)]) {
      const metadata = await sharp(await buildSealStamp({ ...texts, logoPng })).metadata();
      expect(metadata).toMatchObject({ format: 'png', width: 380, height: 114, channels: 4 });
    }
  });

  it('draws the logo at 12 % of its size', async () => {
    const columns = await redColumns(await buildSealStamp({ ...texts, logoPng: await logo(210, 105) }));
    expect(columns.length).toBe(Math.round(210 * LOGO_SCALE));
    expect(await redColumns(await buildSealStamp({ ...texts, logoPng: null }))).toEqual([]);
  });

  it('keeps a huge logo inside the stamp', async () => {
    const metadata = await sharp(
      await buildSealStamp({ ...texts, logoPng: await logo(400, 2000) }),
    ).metadata();
    expect([metadata.width, metadata.height]).toEqual([380, 114]);
  });

  it('treats names as text, never as markup', async () => {
    expect(escapeMarkup('<b>A & B</b>')).toBe('&#60;b&#62;A &#38; B&#60;/b&#62;');
    const png = await buildSealStamp({
      ...texts,
      chamberName: '<span size="99999">x</span> & Cie',
      logoPng: null,
    });
    expect((await sharp(png).metadata()).width).toBe(380);
  });
});
