// @ts-check
// Starts the built product on a fresh data directory and drives it with Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { UserPool } from '@esign/api-client';
import { chromiumExecutable, requireSystemTools } from './system-tools.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { copyEmptyEmbeddedCluster } from '../scripts/embedded-cluster.mjs';
import { copyDevelopmentPki, keepDevelopmentPki } from '../scripts/development-pki-template.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { embeddedDatabaseDirectory } = createRequire(import.meta.url)(
  join(root, 'server', 'dist', 'database', 'embedded-postgres.js'),
);
/** @import { Browser, Page } from 'playwright-core' */

export const ADMIN_EMAIL = 'admin@chambre.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

export { freePort };

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 */
async function waitForHealth(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become healthy in time');
}

/**
 * Resolves with how the process ended. Polls rather than waiting on 'exit' alone, which can be emitted
 * before a listener is attached and leave the test runner with an empty event loop.
 * @param {import('node:child_process').ChildProcess} child
 */
export async function waitForExit(child, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && child.signalCode === null) {
    if (Date.now() > deadline) throw new Error('The server did not stop in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { code: child.exitCode, signal: child.signalCode };
}

/**
 * Starts `node server/dist/main.js` with the embedded defaults; returns its URL and a stop function. A PORT
 * among `extraEnv` is used (for settings that name the product's own address), else a free one. A new
 * embedded database starts as a copy of an initialised empty one (scripts/embedded-cluster.mjs), and its
 * development PKI as a copy of one an earlier product made (scripts/development-pki-template.mjs), unless
 * `firstStart` asks for the product's own first start, initdb and key generation included.
 * @param {Record<string, string>} [extraEnv]
 */
export async function startProduct(extraEnv = {}, { firstStart = false } = {}) {
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'esign-e2e-'));
  const databaseDir = embeddedDatabaseDirectory(dataDir);
  if (!firstStart && !extraEnv.DATABASE_URL && !existsSync(databaseDir)) {
    await copyEmptyEmbeddedCluster(databaseDir);
  }
  // A first start makes its own keys; others start from those an earlier product made.
  const freshDevelopmentPki = !firstStart && !existsSync(join(dataDir, 'pki')) && !extraEnv.SEAL_P12_PATH;
  const pkiCopied = freshDevelopmentPki && copyDevelopmentPki(dataDir);
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  /** @type {string[]} */
  const output = [];
  const child = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  try {
    await waitForHealth(url, child);
    if (freshDevelopmentPki && !pkiCopied) keepDevelopmentPki(dataDir);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${/** @type {Error} */ (error).message}\n${output.join('')}`, { cause: error });
  }
  return {
    url,
    dataDir,
    output,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await waitForExit(child);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product started by `startProduct`. @typedef {Awaited<ReturnType<typeof startProduct>>} Product */

/**
 * What a translation key left untranslated looks like on screen (`validation.isLength`, `app.menu.users`).
 * A file name (`compromis.pdf`) has the same shape and is not one.
 */
export const RAW_KEY = /^[a-z]+(\.[a-zA-Z]+)+$/;
const FILE_NAME = /\.(pdf|png|jpe?g|p12|pem|csv|json)$/i;

/**
 * Runs in every page: reports each text node, placeholder, label or title that reads as a raw key, when it is
 * shown (or read out) to the person, at the moment it appears, so a toast that goes away is caught too.
 */
/* global window, location, Node, document, NodeFilter, MutationObserver */
/** @typedef {{ text: string, where: string }} RawKey */
/**
 * @param {[string, string]} patterns the raw key's and the file name's
 */
function watchForRawKeysInPage([pattern, fileName]) {
  const rawKey = new RegExp(pattern);
  const file = new RegExp(fileName, 'i');
  const reported = new Set();
  /**
   * @param {string | null | undefined} text
   * @returns {text is string}
   */
  const looksRaw = (text) => {
    const value = (text ?? '').trim();
    return rawKey.test(value) && !file.test(value);
  };
  /** @param {Element | null} element */
  const shown = (element) =>
    element &&
    (typeof element.checkVisibility !== 'function' || element.checkVisibility({ visibilityProperty: true }));
  /**
   * @param {string} text
   * @param {Element | null} element
   */
  const report = (text, element) => {
    const value = text.trim();
    if (reported.has(value) || !shown(element)) return;
    reported.add(value);
    window.__esignRawKey?.({ text: value, where: location.pathname });
  };
  /** @param {Element} element */
  const inspectElement = (element) => {
    for (const name of ['placeholder', 'aria-label', 'title']) {
      const value = element.getAttribute?.(name);
      if (looksRaw(value)) report(value, element);
    }
  };
  /** @param {Node} node */
  const inspect = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = /** @type {Text} */ (node);
      if (looksRaw(text.data)) report(text.data, text.parentElement);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    inspectElement(/** @type {Element} */ (node));
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === Node.TEXT_NODE) {
        const text = /** @type {Text} */ (next);
        if (looksRaw(text.data)) report(text.data, text.parentElement);
      } else inspectElement(/** @type {Element} */ (next));
    }
  };
  // A full look at the page, for `expectNoRawKeys`: text made visible by a style change is seen there.
  window.__esignInspectRawKeys = () => {
    reported.clear();
    inspect(document.documentElement);
  };
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'characterData') inspect(mutation.target);
      else if (mutation.type === 'attributes') inspectElement(/** @type {Element} */ (mutation.target));
      else mutation.addedNodes.forEach(inspect);
    }
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['placeholder', 'aria-label', 'title'],
  });
}

/** @typedef {Browser & { rawKeysSeen: RawKey[] }} WatchedBrowser */

/**
 * Every context of the browser watches for raw keys; `browser.close()` (each journey's `after`) fails with the
 * keys seen, and `expectNoRawKeys()` fails at once.
 * @param {Browser} browser
 * @returns {WatchedBrowser}
 */
function watchForRawKeys(browser) {
  /** @type {RawKey[]} */
  const seen = [];
  const patterns = /** @type {[string, string]} */ ([RAW_KEY.source, FILE_NAME.source]);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.exposeBinding('__esignRawKey', (_source, /** @type {RawKey} */ found) => seen.push(found));
    await context.addInitScript(watchForRawKeysInPage, patterns);
    return context;
  };
  // As Playwright's own newPage: a context of its own, closed with the page.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => {}));
    return page;
  };
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await close(options);
    assertNoRawKeys(seen);
  };
  return Object.assign(browser, { rawKeysSeen: seen });
}

/** @param {RawKey[]} seen */
function assertNoRawKeys(seen) {
  if (seen.length === 0) return;
  const list = seen.map(({ text, where }) => `${text} (on ${where})`).join(', ');
  throw new Error(`Untranslated keys were shown: ${list}`);
}

/**
 * Fails when the page shows a raw key now, or a page of this browser has shown one so far.
 * @param {Page} page
 */
export async function expectNoRawKeys(page) {
  await page.waitForTimeout(100);
  await page.evaluate(() => globalThis.__esignInspectRawKeys?.());
  const browser = /** @type {WatchedBrowser | null} */ (page.context().browser());
  assertNoRawKeys(browser?.rawKeysSeen ?? []);
}

export async function launchBrowser() {
  requireSystemTools(['chromium']);
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return watchForRawKeys(browser);
}

/**
 * An ID token straight from the embedded user pool (USER_PASSWORD_AUTH), for API calls the tests make.
 * @param {string} url
 * @param {string} email
 * @param {string} password
 */
export async function signInThroughPool(url, email, password) {
  return (await UserPool.of(url)).signIn(email, password);
}

export const artifactsDir = join(root, 'e2e', 'artifacts');

/**
 * Types a signatory's name, e-mail and mobile into the wizard's `index`-th signatory card (French labels).
 * @param {Page} page
 * @param {number} index
 * @param {{ name: string, email: string, mobile: string }} signatory
 */
export async function fillSignatory(page, index, signatory) {
  await page
    .getByLabel(/^Nom et prénom/)
    .nth(index)
    .fill(signatory.name);
  await page
    .getByLabel(/^Adresse e-mail/)
    .nth(index)
    .fill(signatory.email);
  await page
    .getByLabel(/^Mobile/)
    .nth(index)
    .fill(signatory.mobile);
}

/**
 * What the page reports as going wrong, as it happens: uncaught exceptions, console errors (the browser
 * logs one for every answer with an error status), and each such answer, with its method and path.
 * @param {Page} page
 */
export function watchForErrors(page) {
  /** @type {string[]} */
  const seen = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => seen.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      const { pathname } = new URL(response.url());
      seen.push(`${response.status()}: ${response.request().method()} ${pathname}`);
    }
  });
  return seen;
}

/**
 * The element that has the focus once it is `expected`, or what has it after 5 s: a closing dialog hands the
 * focus back in the frame after it leaves the page.
 * @param {Page} page
 * @param {string} expected
 */
export async function focusSettledOn(page, expected) {
  const deadline = Date.now() + 5_000;
  let focused = await focusedElement(page);
  while (focused !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    focused = await focusedElement(page);
  }
  return focused;
}

/**
 * The element that has keyboard focus, as the test names it: its tag and accessible text.
 * @param {Page} page
 */
export async function focusedElement(page) {
  return page.evaluate(() => {
    const active = globalThis.document.activeElement;
    if (!active || active === globalThis.document.body) return 'body';
    const name = active.getAttribute('aria-label') ?? active.textContent ?? '';
    return `${active.tagName.toLowerCase()} ${name.trim()}`.trim();
  });
}
