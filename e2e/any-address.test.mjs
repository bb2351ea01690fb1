// @ts-check
// A newcomer's first visit: the product started with no settings at all (no PUBLIC_URL) and opened at
// http://127.0.0.1:PORT/ rather than the http://localhost:PORT it names itself by. The bare address shows
// the sign-in form at once; the administrator signs in and creates a member, who signs in for the first
// time; a signatory reads and signs on the same address and downloads the sealed PDF.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  artifactsDir,
  launchBrowser,
  signInThroughPool,
  startProduct,
} from './harness.mjs';
import {
  SAMPLE_PDF,
  client,
  createRequest,
  outbox,
  smsCode,
  temporaryPassword,
  uploadPdf,
} from './product-api.mjs';

/** @import { Page } from 'playwright-core' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const MEMBER = {
  name: 'Marc Schmit',
  email: 'marc.schmit@agence-moselle.lu',
  mobile: '+352621555010',
  company: 'Agence Moselle',
  password: 'Member-Passw0rd',
};
const SIGNATORY = { name: 'Lena Kieffer', email: 'lena.kieffer@example.lu', mobile: '+352661555020' };
/**
 * The bare address once took 11 to 16 s to show the form, rewriting the address thousands of times on the
 * way: the count of history changes is what tells a settled page from a storm, whatever the machine's speed.
 */
const MAX_HISTORY_CHANGES = 5;

/** Counts the page's history changes from its first script on. */
function countHistoryChanges() {
  globalThis.__historyChanges = [];
  for (const name of /** @type {const} */ (['pushState', 'replaceState'])) {
    const original = globalThis.history[name].bind(globalThis.history);
    globalThis.history[name] = (state, unused, url) => {
      globalThis.__historyChanges.push(`${name} ${String(url)}`);
      return original(state, unused, url);
    };
  }
}

/**
 * Every script the page loaded, with how it was encoded.
 * @param {Page} page
 * @param {{ path: string, encoding: string }[]} into
 */
function recordScripts(page, into) {
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.m?js$/.test(url.pathname)) return;
    /** @type {Record<string, string>} */
    const headers = await response.allHeaders().catch(() => ({}));
    into.push({ path: url.pathname, encoding: headers['content-encoding'] ?? 'none' });
  });
}

/**
 * @param {Page} page
 * @param {string} email
 * @param {string} password
 */
async function signIn(page, email, password) {
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('any address: the product started without settings, used at 127.0.0.1', () => {
  /** @type {Product} */
  let product;
  /**
   * The address the browser uses: not the one the product names itself by.
   * @type {string}
   */
  let url;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {string} */
  let adminToken;
  /**
   * The member's tab, still signed in after the first sign-in.
   * @type {Page}
   */
  let memberPage;
  /** @type {{ path: string, encoding: string }[]} */
  const scripts = [];

  before(async () => {
    product = await startProduct({ SIGNING_RATE_LIMIT_PER_MINUTE: '1000' });
    const address = new URL(product.url);
    assert.equal(
      address.hostname,
      'localhost',
      'the product names itself by localhost when PUBLIC_URL is unset',
    );
    address.hostname = '127.0.0.1';
    url = address.origin;
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows a usable sign-in form on the bare address at once, with one redirect', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    await page.addInitScript(countHistoryChanges);
    recordScripts(page, scripts);
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/`);
    const email = page.getByLabel('Adresse e-mail');
    await email.fill(ADMIN_EMAIL, { timeout: 30_000 });
    assert.equal(new URL(page.url()).pathname, '/auth/login');
    // Once the page has fetched all it asked for, it has settled: nothing keeps rewriting the address.
    await page.waitForLoadState('networkidle');
    const changes = await page.evaluate(() => globalThis.__historyChanges);
    assert.ok(changes.length < MAX_HISTORY_CHANGES, `history changed ${changes.length} times: ${changes}`);
    assert.equal(await email.inputValue(), ADMIN_EMAIL, 'what was typed is still there');

    await page.getByLabel('Mot de passe').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: /Tableau de bord/ }).waitFor({ timeout: 20_000 });
    assert.equal(page.url(), `${url}/dashboard`);
    await page.screenshot({ path: join(artifactsDir, 'any-address-dashboard.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('lets the administrator create a member who signs in for the first time on that address', async () => {
    const admin = await browser.newPage({ locale: 'fr-FR' });
    await admin.goto(`${url}/auth/login`);
    await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.waitForURL(`${url}/dashboard`, { timeout: 20_000 });
    await admin.goto(`${url}/users/new`);
    await admin.getByLabel(/^Nom/).fill(MEMBER.name);
    await admin.getByLabel(/^Adresse e-mail/).fill(MEMBER.email);
    await admin.getByLabel(/^Mobile/).fill(MEMBER.mobile);
    await admin.getByLabel(/^Société/).fill(MEMBER.company);
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Utilisateur créé').waitFor({ timeout: 15_000 });
    await admin.close();

    adminToken = await signInThroughPool(url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const member = await browser.newPage({ locale: 'fr-FR' });
    await member.addInitScript(countHistoryChanges);
    await member.goto(`${url}/`);
    await member.waitForURL(`${url}/auth/login`);
    await signIn(member, MEMBER.email, await temporaryPassword(url, adminToken, MEMBER.email));
    await member.waitForURL(`${url}/challenges/new_password_required`, { timeout: 15_000 });
    await member.getByLabel(/^Nouveau mot de passe/).fill(MEMBER.password);
    await member.getByLabel(/^Répéter le mot de passe/).fill(MEMBER.password);
    await member.getByRole('button', { name: 'Enregistrer et continuer' }).click();
    await member.waitForURL(`${url}/init/gdpr`, { timeout: 15_000 });
    await member.getByLabel('Je confirme que ce numéro de mobile est le mien').check();
    await member.getByLabel(/J’accepte les conditions/).check();
    await member.getByRole('button', { name: 'Accepter et continuer' }).click();
    await member.getByRole('heading', { name: /Tableau de bord/ }).waitFor({ timeout: 20_000 });
    assert.equal(member.url(), `${url}/dashboard`);
    memberPage = member;
  });

  it('lets a signatory read, sign and download the sealed document on that address', async () => {
    const memberToken = await signInThroughPool(url, MEMBER.email, MEMBER.password);
    await createRequest(url, memberToken, await uploadPdf(url, memberToken), {
      title: 'Compromis – 5 route de Trèves',
      signatory: SIGNATORY,
    });
    // E-mails name the product by its PUBLIC_URL (here the default); the signatory uses the other address.
    const invitation = (await outbox(url, adminToken, SIGNATORY.email))
      .map((message) => /(https?:\/\/[^/\s]+)(\/sign\/[0-9a-f-]{36}\?key=[\w%-]+)/.exec(message.body))
      .find(Boolean);
    assert.ok(invitation, 'the invitation e-mail carries a signing link');
    assert.equal(invitation[1], product.url);

    const context = await browser.newContext({ locale: 'fr-FR', acceptDownloads: true });
    const page = await context.newPage();
    recordScripts(page, scripts);
    await page.goto(`${url}${invitation[2]}`);
    await page.getByText('Compromis – 5 route de Trèves').waitFor({ timeout: 15_000 });
    await page.locator('.pdf-page canvas').first().waitFor({ timeout: 30_000 });
    assert.equal(await page.getByText('Le document n’a pas pu être affiché').count(), 0);
    await page.getByText('sur 4').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'any-address-signing.png') });

    await page.getByRole('button', { name: 'Signer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Signer le document' });
    await dialog.getByLabel(/^Lieu de signature/).fill('Remich');
    await dialog.getByLabel(/J’accepte les conditions d’utilisation/).check();
    await dialog
      .getByLabel(`Je confirme que le numéro de mobile ${SIGNATORY.mobile} est le mien`, { exact: false })
      .check();
    await dialog.getByLabel(/J’ai lu l’intégralité du document/).check();
    await dialog.getByLabel(/910\/2014.*14 août 2000.*1322-1/).check();
    await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
    await dialog.getByText('Étape 2 sur 3').waitFor({ timeout: 15_000 });
    const code = await smsCode(url, adminToken, SIGNATORY.mobile);
    await dialog.getByLabel('Code reçu par SMS').fill(code);
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.getByText('Votre signature a bien été enregistrée. Merci !').waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();

    await page.getByText('Le document final signé est disponible.').waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le document signé' }).click(),
    ]);
    const saved = join(artifactsDir, 'any-address-signed.pdf');
    await file.saveAs(saved);
    const bytes = readFileSync(saved);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(bytes.length > readFileSync(SAMPLE_PDF).length, 'the sealed PDF carries the evidence and seal');
    await context.close();
  });

  it('sends a member whose account was deactivated to the sign-in form once, saying why', async () => {
    const memberToken = await signInThroughPool(url, MEMBER.email, MEMBER.password);
    const { id } = await client(url, memberToken).me();
    await client(url, adminToken).send('DELETE', `/api/users/${id}/access`);
    // The tab still holds the session the API now refuses.
    await memberPage.goto(`${url}/`);
    await memberPage.waitForURL(`${url}/auth/login`, { timeout: 30_000 });
    await memberPage.getByText('Votre compte est désactivé. Contactez la Chambre immobilière.').waitFor();
    await memberPage.getByLabel('Adresse e-mail').fill(MEMBER.email);
    await memberPage.waitForLoadState('networkidle');
    const changes = await memberPage.evaluate(() => globalThis.__historyChanges);
    assert.ok(changes.length < MAX_HISTORY_CHANGES, `history changed ${changes.length} times: ${changes}`);
    await memberPage.close();
  });

  it('sends the scripts compressed', () => {
    assert.ok(scripts.length > 0, 'the pages loaded scripts');
    const plain = scripts.filter((script) => !['br', 'gzip'].includes(script.encoding));
    assert.deepEqual(plain, [], 'every script arrives with br or gzip content-encoding');
  });
});
