// @ts-check
// The back office as an agency's agent and the chamber's administrator meet it: every page of the walk through,
// in French and Luxembourgish, on a 1366 px screen and a 360 px phone, without a serious or critical axe-core
// violation and without sideways scrolling; then the rough edges found on the way, one test each.
/* global window, document, localStorage, sessionStorage */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  artifactsDir,
  expectNoRawKeys,
  launchBrowser,
  signInThroughPool,
  startProduct,
} from './harness.mjs';
import { SAMPLE_PDF, client, createMember, createRequest, uploadPdf } from './product-api.mjs';

/** @import { Browser, Page } from 'playwright-core' */
/** @import { MemberSession, Person } from '@esign/api-client' */
/** @import { SignatureRequestView } from '@esign/shared' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const MEMBER = {
  name: 'Sophie Klein',
  email: 'sophie.klein@agence-centre.lu',
  mobile: '+352621777001',
  password: 'Member-Passw0rd',
};
const SIGNATORIES = /** @type {const} */ ([
  { name: 'Marc Schmit', email: 'marc.schmit@example.lu', mobile: '+352621777101' },
  { name: 'Elise Thill', email: 'elise.thill@example.lu', mobile: '+352621777102' },
]);
const SIZES = /** @type {const} */ ([
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
]);
/** The few words the walk clicks, in each language it is made in. */
const WORDS = {
  fr: {
    addSignatory: 'Ajouter un signataire',
    linkClosed: 'Lien désactivé',
    restricted: 'Accès réservé',
    showDocument: 'Afficher le document (4 pages)',
  },
  lu: {
    addSignatory: 'En Ënnerschreiwer derbäisetzen',
    linkClosed: 'Link desaktivéiert',
    restricted: 'Säit mat Aschränkung',
    showDocument: 'Dokument weisen (4 Säiten)',
  },
};

/**
 * `bytes` encrypted by qpdf with `encryption` (its `--encrypt` options).
 * @param {Uint8Array} bytes
 * @param {string[]} encryption
 */
function encryptedWithQpdf(bytes, encryption) {
  const folder = mkdtempSync(join(tmpdir(), 'encrypted-'));
  try {
    writeFileSync(join(folder, 'in.pdf'), bytes);
    execFileSync('qpdf', [...encryption, '--', join(folder, 'in.pdf'), join(folder, 'out.pdf')]);
    return readFileSync(join(folder, 'out.pdf'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A context whose pages open in `locale`, as if chosen earlier in this browser.
 * @param {Browser} browser
 * @param {string} locale
 * @param {{ width: number, height: number }} viewport
 */
async function contextIn(browser, locale, viewport) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
  await context.addInitScript((chosen) => {
    if (!sessionStorage.getItem('walk.locale')) {
      localStorage.setItem('esign.locale', chosen);
      sessionStorage.setItem('walk.locale', chosen);
    }
  }, locale);
  return context;
}

/**
 * @param {Page} page
 * @param {string} url
 * @param {string} email
 * @param {string} password
 */
async function signIn(page, url, email, password) {
  await page.goto(`${url}/auth/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
}

/**
 * Serious and critical axe-core violations, and how far the page scrolls sideways.
 * @param {Page} page
 */
async function audit(page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(300);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
      .map(
        (violation) => `${violation.impact} ${violation.id}: ${violation.nodes[0]?.target?.join(' ') ?? ''}`,
      );
  });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // What sticks out, innermost first, so a failure names the element to mend.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (element) =>
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1),
      )
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 2).join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
      ),
  );
  return { violations, sideways, wide };
}

describe('admin-web: the back office walk', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {string} */
  let adminToken;
  /** @type {MemberSession} */
  let member;
  const requests = /** @type {{ open: SignatureRequestView, cancelled: SignatureRequestView }} */ ({});

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    member = await createMember(product.url, adminToken, MEMBER);
    const documentId = await uploadPdf(product.url, member.token);
    /**
     * @param {string} title
     * @param {readonly Person[]} signatories
     */
    const post = (title, signatories) =>
      createRequest(product.url, member.token, documentId, { title, signatories });
    requests.open = await post('Compromis – 4 rue du Marché', SIGNATORIES);
    requests.cancelled = await post('Mandat de vente – 9 avenue de la Gare', [SIGNATORIES[0]]);
    await client(product.url, member.token).cancelSignatureRequest(requests.cancelled.id);
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('tells the member that a logo the browser cannot read was not changed', async () => {
    const context = await contextIn(browser, 'fr', SIZES[0].viewport);
    const page = await context.newPage();
    await signIn(page, product.url, MEMBER.email, MEMBER.password);
    await page.goto(`${product.url}/profile/me`);
    await page.getByRole('button', { name: 'Changer le logo' }).waitFor({ timeout: 15_000 });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await page
      .getByText('Le logo n’a pas pu être changé : choisissez une image PNG ou JPEG lisible.')
      .waitFor({ timeout: 10_000 });
    const me = await client(product.url, member.token).me();
    assert.equal(me.logoUrl, null, 'no logo was stored');
    await context.close();
  });

  it('on a phone, keeps the footer reachable under the save bar and the language menu whole', async () => {
    const context = await contextIn(browser, 'lu', SIZES[1].viewport);
    const page = await context.newPage();
    await page.goto(`${product.url}/auth/login`);
    const picker = page.locator('#language');
    await picker.waitFor({ timeout: 15_000 });
    const card = await page.locator('.MuiCard-root').first().boundingBox();
    const box = await picker.boundingBox();
    assert.ok(box && card, 'the language menu and its card are shown');
    assert.ok(box.x + box.width <= card.x + card.width, 'the language menu ends inside the card');
    assert.ok(
      await picker.evaluate((select) => select.scrollWidth <= select.clientWidth + 1),
      '« Lëtzebuergesch » is not cut',
    );
    await signIn(page, product.url, MEMBER.email, MEMBER.password);
    await page.goto(`${product.url}/profile/me`);
    const save = page.getByRole('button', { name: 'Späicheren' });
    await save.waitFor({ timeout: 15_000 });
    // The save bar is at hand while the form scrolls...
    const saved = await save.boundingBox();
    assert.ok(saved && saved.y + 10 < SIZES[1].viewport.height, 'the save button is on screen');
    // ...and at the page's end it covers none of the footer's links.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const link of await page.locator('footer a').all()) {
      const covered = await link.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        const top = document.elementFromPoint(x + width / 2, y + height / 2);
        return !(top === element || element.contains(top));
      });
      assert.equal(covered, false, `${await link.textContent()} is not under the save bar`);
    }
    await context.close();
  });

  it('says when the details page cannot show the document, and shows it on retry', async () => {
    const context = await contextIn(browser, 'fr', SIZES[1].viewport);
    const page = await context.newPage();
    await signIn(page, product.url, MEMBER.email, MEMBER.password);
    // The document's address (and the stored bytes behind it) unreachable, as on a dropped connection.
    await page.route('**/api/pdf/**', (route) => route.abort('connectionreset'));
    await page.goto(`${product.url}/signatures/${requests.open.id}`);
    await page.getByRole('button', { name: WORDS.fr.showDocument }).click({ timeout: 15_000 });
    await page
      .getByText('Le document n’a pas pu être affiché.', { exact: false })
      .waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.react-pdf__Page canvas').count(), 0, 'nothing shown as the document');
    await page.unroute('**/api/pdf/**');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.locator('.react-pdf__Page canvas').first().waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('repairs a damaged PDF and says so; explains a PDF whose author forbids changes', async () => {
    const context = await contextIn(browser, 'fr', SIZES[1].viewport);
    const page = await context.newPage();
    await signIn(page, product.url, MEMBER.email, MEMBER.password);
    await page.goto(`${product.url}/signatures/new`);
    await page.locator('#wizard-step-title').waitFor({ timeout: 15_000 });
    // The cross-reference table cut short, as a transfer or an editor may leave it: readers still open it.
    const whole = readFileSync(SAMPLE_PDF);
    const damaged = whole.subarray(0, whole.lastIndexOf('startxref') - 40);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'compromis-abime.pdf',
      mimeType: 'application/pdf',
      buffer: damaged,
    });
    await page.getByText('Le fichier était endommagé ; il a été réparé.', { exact: false }).waitFor({
      timeout: 30_000,
    });
    await page.locator('[role="status"]').getByText('4 pages').waitFor();
    await expectNoRawKeys(page);
    await page.screenshot({
      path: join(artifactsDir, 'back-office-fr-phone-repaired-pdf.png'),
      fullPage: true,
    });

    const restricted = encryptedWithQpdf(whole, ['--encrypt', '', 'owner-secret', '256', '--modify=none']);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'mandat-protege.pdf',
      mimeType: 'application/pdf',
      buffer: restricted,
    });
    await page.getByText('L’auteur de ce PDF en interdit la modification', { exact: false }).waitFor({
      timeout: 30_000,
    });
    await context.close();
  });

  for (const locale of /** @type {const} */ (['fr', 'lu'])) {
    for (const size of SIZES) {
      it(`${locale}, ${size.name}: every page passes axe-core and stays within the screen's width`, async () => {
        /** @type {string[]} */
        const found = [];
        /**
         * @param {Page} page
         * @param {string} name
         */
        const check = async (page, name) => {
          const { violations, sideways, wide } = await audit(page);
          await page.screenshot({
            path: join(artifactsDir, `back-office-${locale}-${size.name}-${name}.png`),
            fullPage: true,
          });
          for (const violation of violations) found.push(`${name}: ${violation}`);
          if (sideways > 0) found.push(`${name}: scrolls sideways by ${sideways} px (${wide.join('; ')})`);
          await expectNoRawKeys(page);
        };

        const adminContext = await contextIn(browser, locale, size.viewport);
        const admin = await adminContext.newPage();
        await admin.goto(`${product.url}/auth/login`);
        await admin.locator('#email').waitFor();
        await check(admin, 'sign-in');
        await signIn(admin, product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
        assert.equal(
          await admin.evaluate(() => document.documentElement.lang),
          locale === 'lu' ? 'lb' : 'fr-LU',
        );
        await check(admin, 'admin-dashboard');
        for (const [name, path] of /** @type {const} */ ([
          ['users', '/users'],
          ['user-create', '/users/create'],
          ['admin-profile', '/profile/me'],
        ])) {
          await admin.goto(`${product.url}${path}`);
          await check(admin, name);
        }
        // Requests are the members': an administrator is told so, in words that can be read.
        await admin.goto(`${product.url}/signatures`);
        await admin.getByRole('heading', { name: WORDS[locale].restricted }).waitFor({ timeout: 15_000 });
        await check(admin, 'admin-signatures');
        await adminContext.close();

        const context = await contextIn(browser, locale, size.viewport);
        const page = await context.newPage();
        await signIn(page, product.url, MEMBER.email, MEMBER.password);
        await check(page, 'dashboard');
        await page.goto(`${product.url}/signatures`);
        await page.getByText(requests.open.signatureTitle).first().waitFor({ timeout: 15_000 });
        await check(page, 'list');
        for (const [name, request] of /** @type {const} */ ([
          ['details', requests.open],
          ['details-cancelled', requests.cancelled],
        ])) {
          await page.goto(`${product.url}/signatures/${request.id}`);
          await page.locator('#audit-trail-title').waitFor({ timeout: 15_000 });
          await check(page, name);
        }
        // The details page shows the document itself, on request.
        await page.getByRole('button', { name: WORDS[locale].showDocument }).click();
        await page.locator('.react-pdf__Page canvas').first().waitFor({ timeout: 30_000 });
        await check(page, 'details-cancelled-preview');
        // A cancelled request's invitation is void, and reads so.
        await page.getByText(WORDS[locale].linkClosed, { exact: true }).first().waitFor();
        await page.goto(`${product.url}/profile/me`);
        await check(page, 'profile');
        // The member is their agency's manager: the team page lists them and invites others.
        await page.goto(`${product.url}/team`);
        await page.locator('#team-invite-title').waitFor({ timeout: 15_000 });
        await page.getByText(MEMBER.email).first().waitFor({ timeout: 15_000 });
        await check(page, 'team');

        // The wizard, every step of a request made from an uploaded PDF.
        await page.goto(`${product.url}/signatures/new`);
        await page.locator('#wizard-step-title').waitFor({ timeout: 15_000 });
        await check(page, 'wizard-document');
        await page.locator('input[type="file"]').setInputFiles(SAMPLE_PDF);
        await page.locator('[role="status"]').getByText('pdflatex-4-pages.pdf').waitFor({ timeout: 30_000 });
        await check(page, 'wizard-document-ready');
        const next = async () => {
          const heading = page.locator('#wizard-step-title');
          const before = await heading.textContent();
          await page.locator('#wizard-next').click();
          for (let tries = 0; tries < 100 && (await heading.textContent()) === before; tries++) {
            await page.waitForTimeout(100);
          }
          assert.notEqual(await heading.textContent(), before, `the wizard moved on from ${before}`);
        };
        await next();
        await check(page, 'wizard-signatories-empty');
        for (const [index, signatory] of SIGNATORIES.entries()) {
          if ((await page.locator('[id^="signatory-"][id$="-name"]').count()) <= index) {
            await page.getByRole('button', { name: WORDS[locale].addSignatory }).click();
          }
          await page.locator('[id^="signatory-"][id$="-name"]').nth(index).fill(signatory.name);
          await page.locator('[id^="signatory-"][id$="-email"]').nth(index).fill(signatory.email);
          await page.locator('[id^="signatory-"][id$="-mobile"]').nth(index).fill(signatory.mobile);
        }
        await check(page, 'wizard-signatories');
        await next();
        await page.locator('.react-pdf__Page canvas').first().waitFor({ timeout: 30_000 });
        for (const [index, corner] of ['bottom-left', 'bottom-right'].entries()) {
          await page.locator('select[id$="-page"]').nth(index).selectOption('1');
          await page.locator(`input[type="radio"][value="${corner}"]`).nth(index).check();
        }
        await check(page, 'wizard-placement');
        await next();
        await check(page, 'wizard-options');
        await next();
        await check(page, 'wizard-review');
        await context.close();

        assert.deepEqual(found, []);
      });
    }
  }
});
