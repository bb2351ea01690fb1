// @ts-check
// Member accounts end to end: an administrator creates a member, the member's first sign-in
// (new password, then consent), deactivation through the confirmed card, and the language switch.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
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
import { client, temporaryPassword as temporaryPasswordSent } from './product-api.mjs';

/** @import { Page } from 'playwright-core' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const MEMBER = {
  name: 'Anne Muller',
  email: 'anne.muller@agence-du-nord.lu',
  mobile: '+352621123456',
  company: 'Agence du Nord',
  password: 'Member-Passw0rd',
};

/**
 * The temporary password the welcome e-mail to `email` carries, read by the administrator.
 * @param {string} url
 * @param {string} email
 */
async function temporaryPassword(url, email) {
  return temporaryPasswordSent(url, await signInThroughPool(url, ADMIN_EMAIL, ADMIN_PASSWORD), email);
}

/**
 * @param {Page} page
 * @param {string} url
 * @param {string} email
 * @param {string} password
 */
async function signIn(page, url, email, password) {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('admin-web: member accounts', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {Page} */
  let admin;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    admin = await browser.newPage({ locale: 'fr-FR' });
    await signIn(admin, product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.waitForURL(/\/dashboard$/, { timeout: 20_000 });
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('creates a member who then signs in, sets a password, consents and reaches the dashboard', async () => {
    await admin.goto(`${product.url}/users/new`);
    await admin.getByLabel(/^Nom/).fill(MEMBER.name);
    await admin.getByLabel(/^Adresse e-mail/).fill(MEMBER.email);
    await admin.getByLabel(/^Mobile/).fill(MEMBER.mobile);
    await admin.getByLabel(/^Société/).fill(MEMBER.company);
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Utilisateur créé').waitFor({ timeout: 15_000 });
    await admin.waitForURL(/\/users$/);

    const member = await browser.newPage({ locale: 'fr-FR' });
    await signIn(member, product.url, MEMBER.email, await temporaryPassword(product.url, MEMBER.email));
    await member.waitForURL(/\/challenges\/new_password_required$/, { timeout: 15_000 });
    await member.getByLabel(/^Nouveau mot de passe/).fill(MEMBER.password);
    await member.getByLabel(/^Répéter le mot de passe/).fill(MEMBER.password);
    await member.getByRole('button', { name: 'Enregistrer et continuer' }).click();

    await member.waitForURL(/\/init\/gdpr$/, { timeout: 15_000 });
    await member.getByText(/910\/2014/).waitFor();
    await member.getByText('+352621123456').waitFor();
    const agree = member.getByRole('button', { name: 'Accepter et continuer' });
    await member.getByLabel('Je confirme que ce numéro de mobile est le mien').check();
    assert.equal(await agree.isDisabled(), true, 'one consent is not enough');
    await member.getByLabel(/J’accepte les conditions/).check();
    await member.screenshot({ path: join(artifactsDir, 'consent.png') });
    await agree.click();

    await member.getByRole('heading', { name: /Tableau de bord/ }).waitFor({ timeout: 20_000 });
    assert.match(member.url(), /\/dashboard$/);
    await member.close();
  });

  it('deactivates the member through the confirmed card, and the list shows them disabled', async () => {
    await admin.goto(`${product.url}/users`);
    await admin.getByText(MEMBER.email).click();
    await admin.waitForURL(/\/users\/[^/]+$/);
    const submit = admin.getByRole('button', { name: 'Désactiver le compte' });
    await submit.waitFor();
    assert.equal(await submit.isDisabled(), true, 'the button waits for the confirmation box');
    await admin.getByLabel('Je confirme la désactivation de ce compte').check();
    await submit.click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await admin.getByText('Accès de l’utilisateur supprimé').waitFor({ timeout: 15_000 });
    await admin.getByRole('button', { name: 'Activer le compte' }).waitFor();
    await admin.screenshot({ path: join(artifactsDir, 'member-deactivated.png') });

    await admin.goto(`${product.url}/users`);
    const row = admin.getByRole('row').filter({ hasText: MEMBER.email });
    await row.getByText('Désactivé').waitFor({ timeout: 10_000 });
  });

  it('switches the interface to Luxembourgish and leaves the account’s e-mail language alone', async () => {
    await admin.goto(`${product.url}/dashboard`);
    await admin.getByRole('heading', { name: /Tableau de bord/ }).waitFor({ timeout: 15_000 });
    /** @type {string[]} */
    const accountWrites = [];
    admin.on('request', (sent) => {
      if (sent.method() !== 'GET' && /\/api\/users\b/.test(new URL(sent.url()).pathname))
        accountWrites.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
    });
    await admin.getByRole('button', { name: 'Profil' }).click();
    // The menu says which language it changes.
    await admin.getByText('Langue de l’interface (les e-mails et SMS suivent celle du profil)').waitFor();
    await admin.getByRole('menuitemradio', { name: 'Lëtzebuergesch' }).click();
    await admin.getByRole('heading', { name: /Iwwersiicht/ }).waitFor({ timeout: 10_000 });
    assert.equal(await admin.evaluate(() => globalThis.document.documentElement.lang), 'lb');
    await admin.getByRole('menuitem', { name: /Benotzer/ }).waitFor();
    await admin.getByText('Moien Administrat', { exact: false }).waitFor();
    await admin.goto(`${product.url}/profile/me`);
    await admin.getByRole('heading', { name: 'Konto-Astellungen' }).waitFor({ timeout: 10_000 });
    await admin.getByRole('heading', { name: 'Passwuert änneren' }).waitFor();
    await admin.getByLabel('Sprooch vun den E-Mailen an SMSen').waitFor();
    await admin.screenshot({ path: join(artifactsDir, 'dashboard-lu.png') });

    // Nothing the page sent changed the account: once it has settled, the account still receives French e-mails.
    await admin.waitForLoadState('networkidle');
    assert.deepEqual(accountWrites, []);
    const token = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    assert.equal((await client(product.url, token).me()).language, 'fr');
  });

  it('gives a member created in Luxembourgish the Luxembourgish interface at the first sign-in', async () => {
    const token = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const email = 'jang.weber@agence-du-nord.lu';
    await client(product.url, token).createUser({
      name: 'Jang Weber',
      email,
      mobile: '+352621654321',
      language: 'lu',
    });
    // A browser in which nobody chose a language.
    const member = await browser.newPage({ locale: 'fr-FR' });
    await signIn(member, product.url, email, await temporaryPassword(product.url, email));
    await member.waitForURL(/\/challenges\/new_password_required$/, { timeout: 15_000 });
    await member.getByLabel(/^Nouveau mot de passe/).fill(MEMBER.password);
    await member.getByLabel(/^Répéter le mot de passe/).fill(MEMBER.password);
    await member.getByRole('button', { name: 'Enregistrer et continuer' }).click();
    await member.waitForURL(/\/init\/gdpr$/, { timeout: 15_000 });
    await member.getByRole('heading', { name: 'Schutz vun Ären Donnéeën' }).waitFor({ timeout: 10_000 });
    await member.getByLabel('Ech bestätegen, datt dës Handysnummer meng ass').check();
    await member.getByLabel(/Ech akzeptéieren d'Notzungsbedéngungen/).check();
    await member.getByRole('button', { name: 'Akzeptéieren a weiderfueren' }).click();
    await member.getByRole('heading', { name: /Iwwersiicht/ }).waitFor({ timeout: 20_000 });
    assert.equal(await member.evaluate(() => globalThis.document.documentElement.lang), 'lb');
    await member.close();
  });
});
