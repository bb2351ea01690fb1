// @ts-check
// What the signatory saw is what they signed: Sign is enabled only once the document's first page is painted
// (never when the document cannot be displayed, which the page says, offering to retry and to download),
// the display is on record with the hash of the bytes rendered, the code field shows its eight characters
// and the viewer's menu stays on screen at 320, 360 and 414 px, and the SMS comes in the page's language.
/* global document, performance */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  artifactsDir,
  launchBrowser,
  signInThroughPool,
  startProduct,
} from './harness.mjs';
import { isAuditEvent } from '@esign/shared';
import { client, createMember, createRequest, invitationLink, outbox, uploadPdf } from './product-api.mjs';

/** @import { Page, Route } from 'playwright-core' */
/** @import { Locale } from '@esign/shared' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const MEMBER = {
  name: 'Agence de la Moselle',
  email: 'contact@agence-moselle.lu',
  password: 'Member-Passw0rd',
  mobile: '+352621000333',
};

/** @param {URL} url */
const isDocument = (url) => new URL(url).pathname.endsWith('/document');

/**
 * Records, in the page, every moment a "Signer" button is enabled and whether the first page's canvas had
 * been painted then (some pixel not white): what the signatory could do, measured when it became possible.
 */
function watchSignButton() {
  /** @type {{ painted: boolean }[]} */
  const seen = [];
  globalThis.__signEnabled = seen;
  const painted = () => {
    const canvas = /** @type {HTMLCanvasElement | null} */ (
      globalThis.document.querySelector('.pdf-page[data-page-number="1"] canvas')
    );
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    // Any ink at all: small pages draw their text in light, anti-aliased greys.
    const pixels = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).getImageData(
      0,
      0,
      canvas.width,
      canvas.height,
    ).data;
    for (let index = 0; index < pixels.length; index += 4) {
      const ink = Math.min(pixels[index] ?? 255, pixels[index + 1] ?? 255, pixels[index + 2] ?? 255);
      if ((pixels[index + 3] ?? 0) > 0 && ink < 235) {
        return true;
      }
    }
    return false;
  };
  const check = () => {
    for (const button of globalThis.document.querySelectorAll('button')) {
      if (button.textContent.trim() === 'Signer' && !button.disabled && !button.dataset.seen) {
        button.dataset.seen = 'yes';
        seen.push({ painted: painted() });
      }
    }
  };
  new globalThis.MutationObserver(check).observe(globalThis.document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  // Frames about to be painted that show the failure beside a Sign button, even a disabled one.
  globalThis.__failureBesideSign = 0;
  const frame = () => {
    const body = globalThis.document.body;
    if (body?.textContent.includes('Le document n’a pas pu être affiché.')) {
      const buttons = [...body.querySelectorAll('button')];
      if (buttons.some((button) => button.textContent.trim() === 'Signer'))
        globalThis.__failureBesideSign += 1;
    }
    globalThis.requestAnimationFrame(frame);
  };
  globalThis.requestAnimationFrame(frame);
}

/** @param {Page} page */
const failureFramesBesideSign = (page) => page.evaluate(() => globalThis.__failureBesideSign);

describe('sign-web: the document is displayed before anything can be signed', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {string} */
  let adminToken;
  /** @type {string} */
  let memberToken;
  /** @type {string} */
  let documentId;
  let run = 0;

  /**
   * A new request to one signatory; the link e-mailed to them and the request's id.
   * @param {Locale} [language]
   */
  async function newRequest(language = 'fr') {
    run += 1;
    const signatory = {
      name: `Anne Schmit ${run}`,
      email: `anne.schmit.${run}@example.lu`,
      mobile: `+3526219870${String(run).padStart(2, '0')}`,
    };
    const request = await createRequest(product.url, memberToken, documentId, {
      title: `Compromis ${run} – 4 rue du Fort`,
      signatory,
      language,
    });
    return { link: await invitationLink(product.url, adminToken, signatory.email), request, signatory };
  }

  /** @param {string} requestId */
  const trail = async (requestId) =>
    (await client(product.url, memberToken).signatureDetails(requestId)).auditTrail;

  before(async () => {
    product = await startProduct({ SIGNING_RATE_LIMIT_PER_MINUTE: '1000' });
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    memberToken = (await createMember(product.url, adminToken, MEMBER)).token;
    documentId = await uploadPdf(product.url, memberToken);
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('never enables Sign when the document cannot be displayed, and offers to retry and to download it', async () => {
    const { link, request } = await newRequest();
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'fr-FR' });
    await context.addInitScript(watchSignButton);
    let failing = true;
    await context.route(isDocument, (route) =>
      failing ? route.fulfill({ status: 500, body: 'unavailable' }) : route.continue(),
    );
    const page = await context.newPage();
    await page.goto(link);
    await page.getByText('Le document n’a pas pu être affiché.').waitFor({ timeout: 30_000 });
    await page.getByText(/vous ne pouvez pas le signer tant qu’il ne l’est pas/).waitFor();
    const download = page.getByRole('link', { name: 'Télécharger le document' });
    assert.match(
      (await download.getAttribute('href')) ?? '',
      /\/api\/signatures\/[0-9a-f-]{36}\/document\?key=/,
    );
    assert.equal(await page.getByRole('button', { name: 'Signer', exact: true }).count(), 0);
    assert.equal(await failureFramesBesideSign(page), 0, 'the failure is never painted beside Sign');
    await page.screenshot({ path: join(artifactsDir, 'signing-document-unavailable.png'), fullPage: true });

    // Trying again while it still fails changes nothing.
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByText('Le document n’a pas pu être affiché.').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    assert.deepEqual(await page.evaluate(() => globalThis.__signEnabled), []);
    assert.equal(await failureFramesBesideSign(page), 0, 'nor after trying again');
    const events = (await trail(request.id)).map((event) => event.event);
    assert.ok(!events.includes('VIEW_DOCUMENT'), 'nothing was displayed, nothing is recorded as displayed');
    assert.ok(!events.includes('DELIVER_DOCUMENT'), 'nothing reached the page');

    // Once the document comes through, it is displayed and only then can it be signed.
    failing = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    const sign = page.getByRole('button', { name: 'Signer', exact: true });
    await sign.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => globalThis.__signEnabled.length > 0, null, { timeout: 30_000 });
    assert.deepEqual(await page.evaluate(() => globalThis.__signEnabled), [{ painted: true }]);
    await context.close();
  });

  it('says so when the bytes that arrived are not a PDF it can show, and shows the document on retry', async () => {
    const { link } = await newRequest();
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'fr-FR' });
    await context.addInitScript(watchSignButton);
    let broken = true;
    await context.route(isDocument, async (route) => {
      if (!broken) return route.continue();
      const response = await route.fetch();
      // The document's own answer, its bytes cut short: pdf.js cannot read it.
      await route.fulfill({ response, body: (await response.body()).subarray(0, 400) });
    });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByText('Le document n’a pas pu être affiché.').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('button', { name: 'Signer', exact: true }).count(), 0);
    assert.equal(await failureFramesBesideSign(page), 0, 'the failure is never painted beside Sign');
    assert.deepEqual(await page.evaluate(() => globalThis.__signEnabled), []);

    broken = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('button', { name: 'Signer', exact: true }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => globalThis.__signEnabled.length > 0, null, { timeout: 30_000 });
    assert.deepEqual(await page.evaluate(() => globalThis.__signEnabled), [{ painted: true }]);
    await context.close();
  });

  it('says so when the viewer’s code cannot be loaded, and shows the document once it can', async () => {
    const { link } = await newRequest();
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'fr-FR' });
    await context.addInitScript(watchSignButton);
    // Offline, or a new deployment that removed the chunk: the viewer's code never arrives.
    /** @param {URL} url */
    const isViewer = (url) => /\/sign\/assets\/PdfViewer-[^/]+\.js$/.test(new URL(url).pathname);
    await context.route(isViewer, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(link);
    await page.getByText('Le document n’a pas pu être affiché.').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('button', { name: 'Signer', exact: true }).count(), 0);
    assert.equal(await failureFramesBesideSign(page), 0, 'the failure is never painted beside Sign');
    assert.deepEqual(await page.evaluate(() => globalThis.__signEnabled), []);

    // Trying again reloads the page, which now gets the viewer and shows the document.
    await context.unroute(isViewer);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('button', { name: 'Signer', exact: true }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => globalThis.__signEnabled.length > 0, null, { timeout: 30_000 });
    assert.deepEqual(await page.evaluate(() => globalThis.__signEnabled), [{ painted: true }]);
    await context.close();
  });

  it('stays readable in French when a language’s messages cannot be loaded, and switches once they can', async () => {
    // The signatory's language is Luxembourgish; its messages (loaded on demand) do not arrive (offline).
    const { link } = await newRequest('lu');
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'fr-FR' });
    /** @param {URL} url */
    const isLuxembourgish = (url) => /\/sign\/assets\/lu-[^/]+\.js$/.test(new URL(url).pathname);
    await context.route(isLuxembourgish, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(link);
    const sign = page.getByRole('button', { name: 'Signer', exact: true });
    await sign.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => performance.getEntriesByName('esign:first-page-painted').length > 0);
    const picker = page.getByLabel('Langue');
    assert.equal(await picker.inputValue(), 'fr');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr-LU');

    // Asked for again by the person, still unreachable: the page and its picker stay in French.
    await picker.selectOption('lu');
    await page.waitForFunction(
      () => /** @type {HTMLSelectElement | null} */ (document.querySelector('#language'))?.value === 'fr',
    );
    assert.equal(await sign.count(), 1);

    // Reachable again: the same choice switches the page.
    await context.unroute(isLuxembourgish);
    await picker.selectOption('lu');
    await page.getByRole('button', { name: 'Ënnerschreiwen', exact: true }).waitFor({ timeout: 15_000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'lb');
    assert.equal(await page.getByLabel('Sprooch').inputValue(), 'lu');
    await context.close();
  });

  it('enables Sign only after the first page is painted, and records what was displayed', async () => {
    const { link, request } = await newRequest();
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
    await context.addInitScript(watchSignButton);
    /** @type {() => void} */
    let release = () => {};
    /** @type {Promise<void>} */
    const held = new Promise((resolve) => {
      release = resolve;
    });
    /** @type {Buffer | undefined} */
    let received;
    await context.route(isDocument, async (route) => {
      await held;
      const response = await route.fetch();
      received = await response.body();
      await route.fulfill({ response, body: received });
    });
    const page = await context.newPage();
    await page.goto(link);
    const sign = page.getByRole('button', { name: 'Signer', exact: true });
    await sign.waitFor({ timeout: 30_000 });
    await page.getByText('Le bouton « Signer » s’active dès que le document est affiché.').waitFor();
    // However long the document takes, Sign waits for it.
    await page.waitForTimeout(1_500);
    assert.equal(await sign.isDisabled(), true);
    release();
    await page.waitForFunction(() => globalThis.__signEnabled.length > 0, null, { timeout: 30_000 });
    assert.deepEqual(await page.evaluate(() => globalThis.__signEnabled), [{ painted: true }]);
    assert.equal(await sign.isDisabled(), false);

    assert.ok(received, 'the document reached the page');
    const sha256 = createHash('sha256').update(received).digest('hex');
    let view;
    for (let tries = 0; tries < 50 && !view; tries += 1) {
      view = (await trail(request.id)).find((event) => isAuditEvent(event, 'VIEW_DOCUMENT'));
      if (!view) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(view, 'the display is on record');
    assert.equal(view.details.documentSha256, sha256);
    assert.equal(view.details.pageCount, 4);
    const delivery = (await trail(request.id)).find((event) => isAuditEvent(event, 'DELIVER_DOCUMENT'));
    assert.ok(delivery, 'the delivery is on record');
    assert.equal(delivery.details.documentSha256, sha256);
    assert.equal(delivery.details.complete, true);
    await context.close();
  });

  for (const width of [320, 360, 414]) {
    it(`at ${width} px: the more-actions menu stays on screen, and the code field shows its 8 characters`, async () => {
      const { link, signatory } = await newRequest();
      const height = width === 414 ? 896 : width === 360 ? 740 : 640;
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'fr-FR',
      });
      const page = await context.newPage();
      await page.goto(link);
      const sign = page.getByRole('button', { name: 'Signer', exact: true });
      await sign.waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () =>
          /** @type {HTMLButtonElement | null} */ (
            globalThis.document.querySelector('.action-bar .button--large')
          )?.disabled === false,
        null,
        { timeout: 30_000 },
      );
      assert.equal(
        await page.evaluate(() => globalThis.document.documentElement.scrollWidth),
        width,
        'nothing is wider than the screen',
      );

      await page.getByRole('button', { name: 'Plus d’actions' }).click();
      const menu = page.getByRole('menu', { name: 'Plus d’actions' });
      await menu.waitFor();
      const box = await menu.boundingBox();
      assert.ok(box, 'the menu is shown');
      assert.ok(box.x >= 0 && box.y >= 0, `menu ${JSON.stringify(box)} starts on screen`);
      assert.ok(box.x + box.width <= width, `menu ${JSON.stringify(box)} ends before ${width} px`);
      assert.ok(box.y + box.height <= height, `menu ${JSON.stringify(box)} ends above ${height} px`);
      await page.screenshot({ path: join(artifactsDir, `signing-menu-${width}.png`) });
      await page.keyboard.press('Escape');

      // The page in German: the code comes in German.
      await page.getByLabel('Langue').selectOption('de');
      await page.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Dokument unterschreiben' });
      await dialog.getByLabel(/^Ort der Unterzeichnung/).fill('Esch-sur-Alzette');
      for (const consent of await dialog.getByRole('checkbox').all()) await consent.check();
      await dialog.getByRole('button', { name: 'Code senden' }).click();
      const code = dialog.locator('#signing-code');
      await code.waitFor({ timeout: 15_000 });
      assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
      assert.equal(await code.getAttribute('inputmode'), 'text');
      await code.fill('WWWWWWWW');
      const fits = await code.evaluate((/** @type {HTMLInputElement} */ input) => ({
        scroll: input.scrollWidth,
        client: input.clientWidth,
        value: input.value,
      }));
      assert.equal(fits.value, 'WWWWWWWW');
      assert.ok(fits.scroll <= fits.client, `code field: ${JSON.stringify(fits)}`);
      await page.screenshot({ path: join(artifactsDir, `signing-code-${width}.png`) });
      const sms = (await outbox(product.url, adminToken, signatory.mobile)).find((m) => m.channel === 'sms');
      assert.match(sms?.body ?? '', /^[0-9A-Z]{8} ist Ihr Code zum Unterschreiben von „Compromis/);
      await context.close();
    });
  }
});
