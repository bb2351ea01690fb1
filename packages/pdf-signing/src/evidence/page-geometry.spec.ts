import { readRevision } from '../pades';
import { doubleFlateBombPdf, GIB, MIB } from '../testing/bomb-pdfs';
import { placeSeal } from './page-geometry';

describe('placing the seal on a page whose content is hostile', () => {
  it('reads a bomb page as far as the page budget and places the seal, without inflating the gigabyte', async () => {
    // Not through the upload check: the sealing path's own decoding must hold on its own.
    const revision = await readRevision(doubleFlateBombPdf(GIB));
    const before = process.resourceUsage().maxRSS * 1024;
    const placed = placeSeal(revision.document, { page: 1, size: 'default', avoid: [] }, 'default');
    expect(process.resourceUsage().maxRSS * 1024 - before).toBeLessThan(160 * MIB);
    expect(placed.pageIndex).toBe(0);
    expect(placed.rect.width).toBeGreaterThan(0);
  });
});
