import { readFile } from 'node:fs/promises';

export interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

/**
 * DejaVu Sans covers Latin (all of Europe's accents, Ł, ő...), Greek and Cyrillic: names print as typed,
 * which the standard PDF fonts cannot do beyond Latin-1.
 */
export async function loadFontFiles(): Promise<FontFiles> {
  const [regular, bold] = await Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]);
  return { regular, bold };
}
