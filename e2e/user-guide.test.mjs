// @ts-check
// The user guides the back office's footer links to: one PDF per language under /ug/, each in its own
// language and several pages long, and a plain 404 for a language that has none.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from './harness.mjs';

/**
 * Headings of each language's guide: its title, its signatories' part and a chapter.
 * @type {Record<string, [string, string, string]>}
 */
const HEADINGS = {
  fr: ['Guide d’utilisation', 'Pour les signataires', 'Créer une demande de signature'],
  en: ['User guide', 'For signatories', 'Creating a signature request'],
  de: ['Benutzerhandbuch', 'Für Unterzeichner', 'Eine Signaturanfrage erstellen'],
  lu: ['Benotzerhandbuch', 'Fir d’Ënnerschreiwer', 'Eng Ënnerschrëftsufro maachen'],
};

/**
 * @param {string} file
 * @param {string[]} options
 */
function pdfText(file, ...options) {
  return execFileSync('pdftotext', [...options, file, '-'], { encoding: 'utf8' });
}

/** @param {string} file */
function pageCount(file) {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

describe('the user guides under /ug/', () => {
  /** @type {import('./harness.mjs').Product} */
  let product;
  /** @type {string} */
  let work;

  before(async () => {
    product = await startProduct();
    work = mkdtempSync(join(tmpdir(), 'esign-ug-'));
  });

  after(async () => {
    await product?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  for (const [lang, headings] of Object.entries(HEADINGS)) {
    it(`serves the ${lang} guide as a PDF of several pages in its own language`, async () => {
      const response = await fetch(`${product.url}/ug/user-guide_${lang}.pdf`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/pdf/);
      const file = join(work, `user-guide_${lang}.pdf`);
      writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
      assert.ok(pageCount(file) >= 8, 'a guide of several pages');
      const text = pdfText(file).replace(/\s+/g, ' ');
      for (const heading of headings) assert.ok(text.includes(heading), `“${heading}” is in the guide`);
      for (const [other, [, signatoriesPart]] of Object.entries(HEADINGS)) {
        if (other !== lang)
          assert.ok(!text.includes(signatoriesPart), `no ${other} heading in the ${lang} guide`);
      }
    });
  }

  it('answers 404 for a language without a guide, not the back office page', async () => {
    for (const path of ['/ug/user-guide_it.pdf', '/ug/']) {
      const response = await fetch(`${product.url}${path}`);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(await response.text(), /<html/i);
    }
  });
});
