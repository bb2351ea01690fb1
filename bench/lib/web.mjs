import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * The JavaScript a browser fetches before the sign-in page of admin-web shows its form: every script
 * (and module preload) of a fresh visit to `/auth/login`, counted raw and gzip-compressed (level 9).
 */
export async function signInPageScripts(server) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', (response) => {
      const url = response.url();
      const type = response.request().resourceType();
      if (type === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname)) {
        scripts.set(
          url,
          response.body().catch(() => Buffer.alloc(0)),
        );
      }
    });
    await page.goto(`${server.url}/auth/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const files = [];
    for (const [url, body] of scripts) {
      const bytes = await body;
      files.push({
        path: new URL(url).pathname,
        bytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
      });
    }
    files.sort((left, right) => right.gzipBytes - left.gzipBytes);
    const kb = (value) => Math.round(value / 102.4) / 10;
    return {
      page: '/auth/login',
      scripts: files.length,
      rawKb: kb(files.reduce((sum, file) => sum + file.bytes, 0)),
      gzipKb: kb(files.reduce((sum, file) => sum + file.gzipBytes, 0)),
      largest: files
        .slice(0, Number(process.env.BENCH_WEB_FILES ?? 5))
        .map((file) => ({ path: file.path, gzipKb: kb(file.gzipBytes) })),
    };
  } finally {
    await browser.close();
  }
}
