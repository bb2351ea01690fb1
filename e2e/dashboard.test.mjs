// @ts-check
// The dashboards with a seeded platform: the administrator sets a price list in the back office, a member
// has four requests (two signed through the real signing flow, one cancelled, one in progress), and both
// dashboards show those figures, in French and then in German formatting.
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
import { api, client, createMember, createRequest, signThroughApi, uploadPdf } from './product-api.mjs';

/** @import { Page } from 'playwright-core' */
/** @import { MemberSession } from '@esign/api-client' */
/** @import { BillingStatement } from '@esign/shared' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const MEMBER = {
  name: 'Agence Belle-Vue',
  email: 'direction@agence-belle-vue.lu',
  password: 'Member-Passw0rd',
  mobile: '+352621000222',
};
const SEED = { signed: 2, inProgress: 1, cancelled: 1 };
const REQUESTS = SEED.signed + SEED.inProgress + SEED.cancelled;

/**
 * @param {string} url
 * @param {string} token
 * @param {string} documentId
 * @param {number} index
 */
async function requestFor(url, token, documentId, index) {
  const signatory = {
    name: `Signataire ${index}`,
    email: `s${index}@example.lu`,
    mobile: `+35266100010${index}`,
  };
  const request = await createRequest(url, token, documentId, { title: `Compromis ${index}`, signatory });
  return { request, signatory };
}

/**
 * @param {string} url
 * @param {string} adminToken
 * @param {string} memberToken
 */
async function seedRequests(url, adminToken, memberToken) {
  const documentId = await uploadPdf(url, memberToken);
  const created = [];
  for (let index = 1; index <= REQUESTS; index += 1)
    created.push(await requestFor(url, memberToken, documentId, index));
  for (const seeded of created.slice(0, SEED.signed))
    await signThroughApi(url, adminToken, memberToken, seeded);
  const cancelled = created[SEED.signed]?.request.id;
  assert.ok(cancelled, 'a request is left to cancel');
  await client(url, memberToken).cancelSignatureRequest(cancelled);
}

/**
 * Formats the way the dashboard should, from the expected figures and the language's Intl tag.
 * @param {string} tag
 */
function formats(tag) {
  const month = new Intl.DateTimeFormat(tag, {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Luxembourg',
  });
  return {
    today: new Intl.DateTimeFormat(tag, { dateStyle: 'full' }).format(new Date()),
    month: month.format(new Date()),
    euros: (/** @type {number} */ amount) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(amount),
    percent: (/** @type {number} */ rate) =>
      new Intl.NumberFormat(tag, { style: 'percent' }).format(rate / 100),
  };
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
  await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
}

/** « de » as French writes it before the month: « Coûts d’octobre », « Coûts de mai ». */
/** @param {string} word */
function frenchDe(word) {
  return /^[aeiouyàâéèêîôû]/i.test(word) ? `d’${word}` : `de ${word}`;
}

/** @param {Page} page */
async function switchToGerman(page) {
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await page
    .getByRole('heading', { name: /Übersicht/ })
    .first()
    .waitFor({ timeout: 10_000 });
}

describe('admin-web: the dashboards show the seeded figures', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {string} */
  let adminToken;
  /** @type {MemberSession} */
  let member;
  /** @type {number} */
  let costs;
  const rate = Math.round((100 * SEED.signed) / REQUESTS);

  before(async () => {
    product = await startProduct({ SIGNING_RATE_LIMIT_PER_MINUTE: '1000' });
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    member = await createMember(product.url, adminToken, MEMBER);
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('lets the administrator add a price list from today in the back office', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    await signIn(page, product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: 'Tarifs' }).click();
    await page.getByLabel(/^Demande simple/).fill('1,50');
    await page.getByLabel(/^Demande avancée/).fill('4,50');
    await page.getByLabel(/^SMS/).fill('0,12');
    await page.getByRole('button', { name: 'Enregistrer le tarif' }).click();
    await page.getByText('Tarif enregistré').waitFor({ timeout: 10_000 });
    const row = page.getByRole('row').filter({ hasText: 'En vigueur' });
    await row.getByText(formats('fr-LU').euros(1.5)).waitFor();
    // The qualified price, left empty, is the advanced one.
    assert.equal(await row.getByText(formats('fr-LU').euros(4.5), { exact: true }).count(), 2);
    await page.close();

    await seedRequests(product.url, adminToken, member.token);
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Luxembourg',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    /** @type {BillingStatement} */
    const statement = await api(product.url, `/api/billing/${month}`, member.token);
    costs = statement.totals.net;
  });

  it('shows the member their counters, completion rate and costs in French, then in German', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    await signIn(page, product.url, MEMBER.email, MEMBER.password);
    const fr = formats('fr-LU');
    await page.getByText(`Bonjour ${MEMBER.name}`).waitFor();
    await page.getByText(`Nous sommes le ${fr.today}.`).waitFor();
    assert.equal(await figure(page, 'Taux de réalisation'), fr.percent(rate));
    assert.equal(await page.locator('[data-rate-colour]').getAttribute('data-rate-colour'), 'orange');
    assert.equal(await figure(page, 'Signées'), String(SEED.signed));
    assert.equal(await figure(page, 'En cours'), String(SEED.inProgress));
    assert.equal(await figure(page, 'Annulées'), String(SEED.cancelled));
    assert.equal(await figure(page, 'Signature simple'), String(REQUESTS));
    assert.equal(await figure(page, 'Terminées ce mois-ci'), String(SEED.signed));
    assert.equal(await figure(page, `Coûts ${frenchDe(fr.month)}`), fr.euros(costs));
    assert.ok((await page.locator('.recharts-bar-rectangle').count()) >= 1, 'the chart has a bar');
    // Simple first in every language (sorted by name, French used to show « avancée » first).
    const legend = () => page.locator('.recharts-legend-item-text').allTextContents();
    assert.deepEqual(await legend(), ['Signature simple', 'Signature avancée']);
    await page.screenshot({ path: join(artifactsDir, 'dashboard-member-fr.png'), fullPage: true });

    await switchToGerman(page);
    const de = formats('de-LU');
    await page.getByText(`Guten Tag ${MEMBER.name}`).waitFor();
    await page.getByText(`Heute ist ${de.today}.`).waitFor();
    assert.equal(await figure(page, 'Abschlussquote'), de.percent(rate));
    assert.equal(await figure(page, 'Unterschrieben'), String(SEED.signed));
    assert.equal(await figure(page, `Kosten für ${de.month}`), de.euros(costs));
    assert.deepEqual(await legend(), ['Einfache Signatur', 'Fortgeschrittene Signatur']);
    await page.screenshot({ path: join(artifactsDir, 'dashboard-member-de.png'), fullPage: true });

    await page.getByRole('menuitem', { name: 'Kosten' }).click();
    await page.getByRole('combobox', { name: 'Monat' }).getByText(de.month).waitFor({ timeout: 10_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Herunterladen (CSV)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^statement-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path());
    assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a byte-order mark');
    assert.match(csv.toString('utf8'), /^\uFEFFMonat;Mitglied;/);
    await page.close();
  });

  it('shows the administrator the platform, its members and the top member in French, then in German', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    await signIn(page, product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const fr = formats('fr-LU');
    await page.getByText('Toute la plateforme').waitFor({ timeout: 20_000 });
    assert.equal(await figure(page, 'Taux de réalisation'), fr.percent(rate));
    assert.equal(await figure(page, 'Signatures réalisées'), String(SEED.signed));
    assert.equal(await figure(page, 'Documents signés'), String(SEED.signed));
    assert.equal(await figure(page, 'Membres actifs'), '1');
    assert.equal(await figure(page, 'Membres désactivés'), '0');
    const top = page.getByRole('region', { name: 'Membres les plus actifs' }).getByRole('row');
    assert.deepEqual(await top.nth(1).locator('td').allTextContents(), [
      MEMBER.name,
      String(REQUESTS),
      String(SEED.signed),
    ]);
    assert.equal(await figure(page, `Coûts ${frenchDe(fr.month)}`), fr.euros(costs));
    await page.screenshot({ path: join(artifactsDir, 'dashboard-admin-fr.png'), fullPage: true });

    await switchToGerman(page);
    const de = formats('de-LU');
    assert.equal(await figure(page, 'Abschlussquote'), de.percent(rate));
    assert.equal(await figure(page, 'Aktive Mitglieder'), '1');
    assert.equal(await figure(page, 'Geleistete Unterschriften'), String(SEED.signed));
    assert.equal(await figure(page, `Kosten für ${de.month}`), de.euros(costs));
    await page.screenshot({ path: join(artifactsDir, 'dashboard-admin-de.png'), fullPage: true });
    await page.close();
  });

  it('shows no rate, in a neutral colour, to a member without any request', async () => {
    const newcomer = {
      name: 'Agence Nouvelle',
      email: 'contact@agence-nouvelle.lu',
      password: 'Member-Passw0rd',
      mobile: '+352621000223',
    };
    await createMember(product.url, adminToken, newcomer);
    const page = await browser.newPage({ locale: 'fr-FR', viewport: { width: 360, height: 780 } });
    await signIn(page, product.url, newcomer.email, newcomer.password);
    assert.equal(await figure(page, 'Taux de réalisation'), '—');
    assert.equal(await page.locator('[data-rate-colour]').getAttribute('data-rate-colour'), 'none');
    const card = page.getByRole('region', { name: 'Taux de réalisation', exact: true });
    await card.getByText('Aucune demande pour l’instant.').waitFor();
    assert.equal(await card.getByRole('progressbar').count(), 0, 'no empty gauge');
    await page.screenshot({ path: join(artifactsDir, 'dashboard-member-empty-fr.png'), fullPage: true });
    await page.close();
  });
});
