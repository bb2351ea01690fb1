// `npm run docs:guide`: the user guides in French, English, German and Luxembourgish, from screenshots of the
// built product running on a fresh data directory, into admin-web/public/ug/ (served under /ug/).
// It builds nothing: run `npm run build` first.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startProduct } from '../../e2e/harness.mjs';
import { requireSystemTools } from '../../e2e/system-tools.mjs';
import { captureLanguage } from './capture.mjs';
import { writeGuidePdf } from './render.mjs';
import { seedPlatform } from './seed.mjs';
import de from './texts/de.mjs';
import en from './texts/en.mjs';
import fr from './texts/fr.mjs';
import lu from './texts/lu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUTPUT = join(root, 'admin-web', 'public', 'ug');
const TEXTS = { fr, en, de, lu };
/** Above this, the guide is too heavy to open comfortably from the footer link. */
const MAX_BYTES = 2.5 * 1024 * 1024;

function checkBuilt() {
  const needed = ['server/dist/main.js', 'admin-web/dist/index.html', 'sign-web/dist/index.html'];
  const missing = needed.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) {
    throw new Error(
      `The product is not built (${missing.join(', ')} missing). Run \`npm run build\` first, then \`npm run docs:guide\`.`,
    );
  }
}

async function main() {
  checkBuilt();
  requireSystemTools(['chromium', 'pdftotext']);
  const only = process.argv.slice(2).filter((lang) => lang in TEXTS);
  const languages = only.length > 0 ? only : Object.keys(TEXTS);
  const work = mkdtempSync(join(tmpdir(), 'esign-guide-'));
  mkdirSync(OUTPUT, { recursive: true });
  const product = await startProduct({ SIGNING_RATE_LIMIT_PER_MINUTE: '1000' });
  const browser = await launchBrowser();
  try {
    const seeded = await seedPlatform(product.url);
    for (const lang of languages) {
      const texts = TEXTS[lang];
      console.log(`${lang}: screenshots…`);
      const shots = await captureLanguage({ browser, url: product.url, ...seeded, lang, texts, dir: work });
      const out = join(OUTPUT, `user-guide_${lang}.pdf`);
      console.log(`${lang}: printing…`);
      await writeGuidePdf({ browser, texts, shots, dir: work, lang, out });
      const size = statSync(out).size;
      console.log(`${lang}: ${relative(root, out)} (${(size / 1024 / 1024).toFixed(2)} MB)`);
      if (size > MAX_BYTES) throw new Error(`${relative(root, out)} is larger than 2.5 MB`);
    }
  } catch (error) {
    if (product.output.length > 0) console.error(product.output.join('').slice(-4000));
    throw error;
  } finally {
    await browser.close();
    await product.stop();
    if (!process.env.KEEP_GUIDE_WORK) rmSync(work, { recursive: true, force: true });
    else console.log(`Work files kept in ${work}`);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
