// @ts-check
// Declining and expiry, end to end. A signatory declines on a phone with the page in Luxembourgish: the
// request is closed for every link, each person is told in their own language, and the member reads the
// reason on the details page and sees it counted on the dashboard. Another request's expiry date is moved
// later from the details page; the reminder says the deadline; then time passes while the product is
// stopped, and on restart the sweep closes the request: its link says it expired, the member is told.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  artifactsDir,
  focusedElement,
  launchBrowser,
  signInThroughPool,
  startProduct,
  waitForExit,
  watchForErrors,
} from './harness.mjs';
import { placedSignatories, signatureRequestInput } from '@esign/api-client';
import { client, createMember, invitationLink, outbox, uploadPdf } from './product-api.mjs';

/** @import { Page } from 'playwright-core' */
/** @import { Person } from '@esign/api-client' */
/** @import { SignatureRequestInput } from '@esign/shared' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const MEMBER = {
  name: 'Agence des Ardennes',
  email: 'bureau@agence-ardennes.lu',
  password: 'Member-Passw0rd',
  mobile: '+352621000444',
};
const ANNE = { name: 'Anne Reding', email: 'anne.reding@example.lu', mobile: '+352621444001' };
const PAUL = { name: 'Paul Thill', email: 'paul.thill@example.lu', mobile: '+352621444002' };
const LEA = { name: 'Léa Hansen', email: 'lea.hansen@example.lu', mobile: '+352621444003' };
const PRODUCT_ENV = { SIGNING_RATE_LIMIT_PER_MINUTE: '1000', EXPIRY_SWEEP_INTERVAL_SECONDS: '10' };
const DAY_MS = 86_400_000;

/**
 * A SIMPLE request to `signatories`, everyone at once, as the wizard sends it.
 * @param {string} documentId
 * @param {string} title
 * @param {Person[]} signatories
 * @param {Partial<SignatureRequestInput>} [extra]
 */
function requestInput(documentId, title, signatories, extra = {}) {
  return signatureRequestInput(documentId, {
    signatureTitle: title,
    signatories: placedSignatories(signatories),
    ...extra,
  });
}

/**
 * @param {Page} page
 * @param {string} url
 */
async function signIn(page, url) {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Adresse e-mail').fill(MEMBER.email);
  await page.getByLabel('Mot de passe').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
}

/**
 * @param {Page} page
 * @param {string} label
 */
async function figure(page, label) {
  const region = page.getByRole('region', { name: label, exact: true });
  await region.waitFor({ timeout: 20_000 });
  return ((await region.locator('[data-figure]').textContent()) ?? '').trim();
}

describe('declining and expiry', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-e2e-closure-'));
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

  before(async () => {
    product = await startProduct({ ...PRODUCT_ENV, DATA_DIR: dataDir });
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

  it('a signatory declines with a reason: every link closes, each is told in their language, the member reads why', async () => {
    const request = await client(product.url, memberToken).createSignatureRequest(
      requestInput(documentId, 'Bail – 8 rue de Clervaux', [ANNE, PAUL], { language: 'en' }),
    );
    const phone = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
    });
    const page = await phone.newPage();
    const errors = watchForErrors(page);
    const link = await invitationLink(product.url, adminToken, ANNE.email);
    // She reads the document before deciding: its display is on record before she declines (a report
    // still on its way when the request closes would be refused, and said in the console).
    const viewed = page.waitForResponse((response) => response.url().includes('/viewed') && response.ok(), {
      timeout: 30_000,
    });
    await page.goto(link);
    await viewed;
    await page.getByLabel('Language').selectOption('lu');
    const decline = page.getByRole('button', { name: "Refuséieren z'ënnerschreiwen" });
    const dialog = page.getByRole('dialog', { name: "Refuséieren z'ënnerschreiwen" });
    const reason = dialog.getByLabel('Grond fir de Refus');
    // Escape, then the browser's Back, close the dialog: the page stays, focus is back on the button.
    await decline.click();
    await reason.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await focusedElement(page), "button Refuséieren z'ënnerschreiwen");
    await decline.click();
    await reason.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(page.url(), link);
    assert.equal(await focusedElement(page), "button Refuséieren z'ënnerschreiwen");
    await decline.click();
    await reason.fill('ok');
    await dialog.getByRole('button', { name: "Refuséieren z'ënnerschreiwen" }).click();
    await dialog.getByText('Gitt mindestens 3 Zeechen an.').waitFor();
    assert.equal(await reason.getAttribute('aria-invalid'), 'true');
    const why = 'De Loyer am Artikel 4 ass net dee vereinbarten.';
    await reason.fill(why);
    await page.screenshot({ path: join(artifactsDir, 'decline-dialog-lu.png') });
    await dialog.getByRole('button', { name: "Refuséieren z'ënnerschreiwen" }).click();
    // Anne is told she declined, not that "a signatory" did; and the page asks nothing more of the server.
    await page.getByRole('heading', { name: 'Ënnerschrëft refuséiert' }).waitFor({ timeout: 15_000 });
    await page.getByText("Dir hutt refuséiert, dëst Dokument z'ënnerschreiwen.").waitFor();
    assert.equal(await page.getByText(/Een Ënnerschreiwer/).count(), 0);
    assert.equal(await focusedElement(page), 'h1 Ënnerschrëft refuséiert');
    await page.screenshot({ path: join(artifactsDir, 'declined-lu.png') });
    await page.waitForTimeout(1_000);
    assert.deepEqual(errors, []);
    // Coming back to her link later, she is still told that she declined (the server says the link's own
    // signatory did), in the language she chose.
    await page.reload();
    await page.getByText("Dir hutt refuséiert, dëst Dokument z'ënnerschreiwen.").waitFor({ timeout: 15_000 });
    assert.equal(await page.getByText(/Een Ënnerschreiwer/).count(), 0);
    await phone.close();

    // The other signatory's link, opened in an English browser, says the request was declined.
    const other = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    const otherPage = await other.newPage();
    await otherPage.goto(await invitationLink(product.url, adminToken, PAUL.email));
    await otherPage.getByRole('heading', { name: 'Request declined' }).waitFor({ timeout: 15_000 });
    assert.equal(await otherPage.getByRole('button', { name: 'Sign', exact: true }).count(), 0);
    await other.close();

    // Each told in their language: the member's account (French), Anne's page (Luxembourgish), and Paul,
    // who never opened the page, in the request's language (English), without Anne's reason.
    const toMember = (await outbox(product.url, adminToken, MEMBER.email)).find((m) =>
      m.subject?.startsWith('Signature refusée'),
    );
    assert.ok(toMember, 'the member is told');
    assert.equal(toMember.subject, 'Signature refusée : Bail – 8 rue de Clervaux');
    assert.match(toMember.body, new RegExp(`${ANNE.name} a refusé de signer`));
    assert.ok(toMember.body.includes(why));
    const [receipt] = await outbox(product.url, adminToken, ANNE.email);
    assert.ok(receipt, 'Anne is told');
    assert.equal(receipt.subject, "Dir hutt refuséiert z'ënnerschreiwen: Bail – 8 rue de Clervaux");
    const [toPaul] = await outbox(product.url, adminToken, PAUL.email);
    assert.ok(toPaul, 'Paul is told');
    assert.equal(toPaul.subject, 'Signature request closed: Bail – 8 rue de Clervaux');
    assert.ok(!toPaul.body.includes(why));

    const member = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
    await signIn(member, product.url);
    assert.equal(await figure(member, 'Refusées'), '1');
    await member.goto(`${product.url}/signatures/${request.id}`);
    await member.getByText('Signature refusée', { exact: true }).first().waitFor({ timeout: 15_000 });
    await member.getByText(why, { exact: true }).waitFor();
    await member.getByText(`Motif : ${why}`).waitFor();
    await member.getByText(new RegExp(`${ANNE.name} a refusé de signer le`)).waitFor();
    await member.getByText('Refusée', { exact: true }).first().waitFor();
    assert.equal(await member.getByRole('button', { name: 'Annuler la demande' }).count(), 0);
    assert.equal(await member.getByRole('button', { name: 'Relancer les signataires' }).count(), 0);
    await member.screenshot({ path: join(artifactsDir, 'declined-details-fr.png'), fullPage: true });
    await member.close();
  });

  it('the member extends the date, the reminder says it, and once past it the request expires', async () => {
    const request = await client(product.url, memberToken).createSignatureRequest(
      requestInput(documentId, 'Mandat – 2 place Guillaume', [LEA], { language: 'fr', expiryDays: 2 }),
    );
    assert.ok(Math.abs(Date.parse(request.expiresAt) - Date.now() - 2 * DAY_MS) < 60_000);
    const link = await invitationLink(product.url, adminToken, LEA.email);

    const member = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
    await signIn(member, product.url);
    await member.goto(`${product.url}/signatures/${request.id}`);
    await member.getByRole('button', { name: 'Prolonger la date limite' }).click();
    const dialog = member.getByRole('dialog', { name: 'Prolonger la date limite' });
    await dialog.getByLabel('Jours à ajouter').fill('0');
    await dialog.getByText('Saisissez un nombre de jours entre 1 et 365.').waitFor();
    await dialog.getByLabel('Jours à ajouter').fill('5');
    await dialog.getByRole('button', { name: 'Prolonger', exact: true }).click();
    await member.getByText('La date limite a été prolongée').waitFor({ timeout: 10_000 });
    const extended = await client(product.url, memberToken).signatureRequest(request.id);
    assert.equal(Date.parse(extended.expiresAt) - Date.parse(request.expiresAt), 5 * DAY_MS);
    await member.getByText('Date limite prolongée').first().waitFor();
    await member.getByRole('button', { name: 'Relancer les signataires' }).click();
    await member.getByText('La relance a été envoyée').waitFor({ timeout: 10_000 });
    await member.close();
    const [reminder] = await outbox(product.url, adminToken, LEA.email);
    assert.ok(reminder, 'Léa is reminded');
    assert.match(reminder.subject ?? '', /^Rappel : signature demandée/);
    const deadline = new Intl.DateTimeFormat('fr-LU', {
      timeZone: 'Europe/Luxembourg',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(extended.expiresAt));
    assert.match(
      reminder.body,
      new RegExp(`Date limite : vous pouvez signer jusqu'au ${deadline.replace(/\//g, '\\/')} `),
    );

    // A week passes while the product is stopped.
    product.child.kill('SIGTERM');
    await waitForExit(product.child);
    const database = await PGlite.create(join(dataDir, 'pg'));
    await database.query(
      `UPDATE signature_request SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [request.id],
    );
    await database.close();
    product = await startProduct({ ...PRODUCT_ENV, DATA_DIR: dataDir });
    memberToken = await signInThroughPool(product.url, MEMBER.email, MEMBER.password);
    adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const deadlineAt = Date.now() + 60_000;
    while ((await client(product.url, memberToken).signatureRequest(request.id)).status !== 'EXPIRED') {
      assert.ok(Date.now() < deadlineAt, 'the sweep closed the request');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const phone = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      locale: 'fr-FR',
    });
    const page = await phone.newPage();
    await page.goto(link.replace(/^http:\/\/localhost:\d+/, product.url));
    await page.getByRole('heading', { name: 'Demande expirée' }).waitFor({ timeout: 15_000 });
    await page.getByText(/La date limite pour signer ce document était le/).waitFor();
    await page.screenshot({ path: join(artifactsDir, 'expired-fr.png') });
    await phone.close();
    const notice = (await outbox(product.url, adminToken, MEMBER.email)).find((m) =>
      m.subject?.startsWith('Demande de signature expirée'),
    );
    assert.ok(notice, 'the member is told of the expiry');
    assert.equal(notice.subject, 'Demande de signature expirée : Mandat – 2 place Guillaume');

    const again = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
    await signIn(again, product.url);
    assert.equal(await figure(again, 'Expirées'), '1');
    await again.goto(`${product.url}/signatures/${request.id}`);
    await again.getByText(/La date limite est passée/).waitFor({ timeout: 15_000 });
    assert.equal(await again.getByRole('button', { name: 'Prolonger la date limite' }).count(), 0);
    await again.screenshot({ path: join(artifactsDir, 'expired-details-fr.png'), fullPage: true });
    await again.close();
  });
});
