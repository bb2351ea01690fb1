// @ts-check
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
import { outbox } from './product-api.mjs';

/** @import { Product, WatchedBrowser } from './harness.mjs' */

describe('admin-web: the seeded administrator signs in', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the French sign-in screen, signs in and reaches the dashboard shell', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${product.url}/`);
    await page.waitForURL(/\/auth(\/login)?$/);
    await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe').fill(ADMIN_PASSWORD);
    await page.screenshot({ path: join(artifactsDir, 'sign-in.png') });
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: /Tableau de bord/ }).waitFor({ timeout: 20_000 });
    assert.match(page.url(), /\/dashboard$/);
    await page.screenshot({ path: join(artifactsDir, 'dashboard.png') });
    const guide = page.getByRole('link', { name: "Guide d'utilisation (PDF)" });
    assert.equal(await guide.getAttribute('href'), '/ug/user-guide_fr.pdf');
    assert.match(
      (await page.getByRole('link', { name: 'Signaler un problème' }).getAttribute('href')) ?? '',
      /^mailto:/,
    );
    assert.deepEqual(errors, []);
  });

  it('refuses a wrong password with the sign-in error', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    await page.goto(`${product.url}/auth/login`);
    await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe').fill('Wrong-Passw0rd');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /incorrect/i })
      .waitFor({ timeout: 10_000 });
    assert.match(page.url(), /\/auth/);
  });

  it('shows "nothing to sign" for an unknown signing link', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    await page.goto(`${product.url}/sign/00000000-0000-0000-0000-000000000000?key=unknown`);
    await page
      .getByText(/rien à signer/i)
      .first()
      .waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(artifactsDir, 'nothing-to-sign.png') });
  });

  it('resets a forgotten password with the code sent by e-mail', async () => {
    // Taken first: reading the outbox needs an administrator's token (the reset then ends it).
    const token = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const page = await browser.newPage({ locale: 'fr-FR' });
    await page.goto(`${product.url}/auth/forgot_password`);
    await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await page.getByLabel('Code de vérification').waitFor({ timeout: 10_000 });
    // A job sends the code, moments after the page answered.
    let code;
    for (let tries = 0; !code && tries < 100; tries += 1) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const messages = await outbox(product.url, token, ADMIN_EMAIL);
      code = messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
    }
    assert.ok(code, 'no reset code in the outbox');
    await page.getByLabel('Code de vérification').fill(code);
    await page.getByLabel('Nouveau mot de passe').fill('Reset-Passw0rd');
    await page.getByLabel('Répéter le mot de passe').fill('Reset-Passw0rd');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /mot de passe a été changé/i })
      .waitFor({ timeout: 10_000 });
    assert.ok(await signInThroughPool(product.url, ADMIN_EMAIL, 'Reset-Passw0rd'));
  });
});
