// @ts-check
// A certified template end to end: a member fills in a flat sales agreement in the wizard (two sellers, one
// buyer, added with the groups' buttons) while the live preview follows, reloads half-way and finds the
// draft restored, then sends the request for signature: the parties sign, each in its own frame, with a
// witness as an explicit extra. The API then shows the request in progress on the generated document, whose
// text names both sellers and the buyer.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  artifactsDir,
  fillSignatory,
  launchBrowser,
  signInThroughPool,
  startProduct,
} from './harness.mjs';
import { api, client, createMember } from './product-api.mjs';
import { FLAT_SALES_AGREEMENT, computedValues, isFieldVisible } from '@esign/shared';

/** @import { Page } from 'playwright-core' */
/** @import { MemberSession } from '@esign/api-client' */
/** @import { TemplateField, TemplateFormData, TemplateItem, TemplateSection, TemplateValue } from '@esign/shared' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const AGREEMENT = FLAT_SALES_AGREEMENT;
/** The template's example: two sellers and a buyer, as this journey relies on. */
const EXAMPLE =
  /** @type {TemplateFormData & { vendeurs: [TemplateItem, TemplateItem], acquereurs: [TemplateItem] }} */ (
    AGREEMENT.example
  );

const MEMBER = {
  name: 'Agence Moselle Immo',
  email: 'contact@moselle-immo.lu',
  password: 'Member-Passw0rd',
  mobile: '+352621000333',
};

// The template's own example, with parties of this test: two sellers (a person and a company), one buyer.
/** @type {[TemplateItem, TemplateItem]} */
const SELLERS = [
  { ...EXAMPLE.vendeurs[0], nom: 'Reuter-Lambert', prenoms: 'Maëlle' },
  { ...EXAMPLE.vendeurs[1], nom: 'Immobilière Sauer et Cie' },
];
/** @type {TemplateItem} */
const BUYER = { ...EXAMPLE.acquereurs[0], nom: 'Kowalczyk', prenoms: 'Tomasz', quotePartAcquisition: null };
/** @type {TemplateFormData} */
const FORM = { ...EXAMPLE, vendeurs: SELLERS, acquereurs: [BUYER] };
const PARTY_NAMES = /** @type {string[]} */ ([SELLERS[0].nom, SELLERS[1].nom, BUYER.nom]);

/** Someone who is no party to the deed and signs as an explicit extra. */
const WITNESS = { name: 'Luc Hoffmann', email: 'luc.hoffmann@example.lu', mobile: '+352621444999' };

/**
 * The id the wizard gives a template field's input (see admin-web's `wizardFieldId`).
 * @param {string} path
 */
function fieldSelector(path) {
  return `#wizard-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * @param {Page} page
 * @param {TemplateField} field
 * @param {string} path
 * @param {TemplateValue | TemplateItem[]} value
 */
async function fillField(page, field, path, value) {
  const input = page.locator(fieldSelector(path));
  if (field.type === 'bool') {
    if (value === true) await input.check();
    return;
  }
  if (value === null || value === undefined || value === '') return;
  if (field.type === 'enum') await input.selectOption(String(value));
  else await input.fill(String(value));
}

/**
 * Fills the sections as a member would, top to bottom: the questions the answers make relevant only.
 * @param {Page} page
 * @param {readonly (TemplateSection | undefined)[]} sections
 */
async function fillSections(page, sections) {
  const computed = computedValues(AGREEMENT, FORM);
  for (const section of sections) {
    assert.ok(section, 'the template has the section');
    const repeat = section.repeat;
    if (!repeat) {
      for (const field of section.fields.filter((f) => isFieldVisible(f, FORM, computed)))
        await fillField(page, field, `formData.${field.name}`, FORM[field.name]);
      continue;
    }
    for (const [index, item] of /** @type {TemplateItem[]} */ (FORM[repeat.name]).entries()) {
      await page.getByRole('button', { name: `Ajouter : ${repeat.itemLabel}`, exact: true }).click();
      for (const field of section.fields.filter((f) => isFieldVisible(f, item, FORM)))
        await fillField(page, field, `formData.${repeat.name}.${index}.${field.name}`, item[field.name]);
    }
  }
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

/** @param {Page} page */
async function next(page) {
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
}

/**
 * @param {Page} page
 * @param {string} name
 */
async function stepHeading(page, name) {
  await page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 30_000 });
}

/** @param {Page} page */
function draftKeys(page) {
  return page.evaluate(() =>
    Object.keys(globalThis.localStorage).filter((key) => key.startsWith('esign.signatureWizardDraft.')),
  );
}

/**
 * @param {Uint8Array} bytes
 * @param {string} name
 */
function pdfText(bytes, name) {
  const file = join(artifactsDir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/**
 * pdftotext breaks lines where the page does, hyphenated names included.
 * @param {string} text
 */
function flattened(text) {
  return text.replace(/-\s+/g, '-').replace(/\s+/g, ' ').toLocaleUpperCase('fr');
}

describe('admin-web: a certified template filled in with a live preview and a draft', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {MemberSession} */
  let member;
  /** @type {Page} */
  let page;
  /** @type {string | undefined} */
  let requestId;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    const adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    member = await createMember(product.url, adminToken, MEMBER);
    page = await browser.newPage({ locale: 'fr-FR', viewport: { width: 1600, height: 1000 } });
    await signIn(page, product.url);
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('chooses the flat sales agreement and shows its preview beside the form', async () => {
    await page.goto(`${product.url}/signatures/new`);
    await stepHeading(page, 'Document');
    await page.getByRole('radio', { name: 'Remplir un modèle certifié' }).check();
    await page.getByRole('radio', { name: AGREEMENT.title }).check();
    await next(page);
    await stepHeading(page, 'Remplir les informations');
    const preview = page.getByRole('region', { name: 'Aperçu du document' });
    await preview.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
    await preview.getByText(/^Aperçu : \d+ pages?$/).waitFor({ timeout: 30_000 });
  });

  it('follows the sellers and the buyer as they are typed', async () => {
    const previewed = page.waitForResponse(
      (response) =>
        /\/api\/templates\/FlatSalesAgreement\/preview$/.test(response.url()) &&
        response.status() === 200 &&
        PARTY_NAMES.every((name) => response.request().postData()?.includes(name)),
      { timeout: 60_000 },
    );
    const [sellers, buyers] = AGREEMENT.sections;
    await fillSections(page, [sellers, buyers]);
    const response = await previewed;
    const pageCount = Number(response.headers()['x-page-count']);
    assert.ok(pageCount >= 1, 'the preview tells its page count');
    // The browser keeps no copy of the bytes it handed to pdf.js: the same form is asked for again.
    const again = await fetch(response.url(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${member.token}`, 'Content-Type': 'application/json' },
      body: response.request().postData(),
    });
    assert.equal(again.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await again.arrayBuffer());
    const text = flattened(pdfText(bytes, 'template-preview.pdf'));
    for (const name of PARTY_NAMES) assert.ok(text.includes(flattened(name)), `the preview names ${name}`);
    const preview = page.getByRole('region', { name: 'Aperçu du document' });
    await preview.getByText(new RegExp(`^Aperçu : ${pageCount} pages?$`)).waitFor({ timeout: 30_000 });
    await preview.locator('.react-pdf__Page canvas').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'template-preview.png') });
  });

  it('restores the draft after a reload', async () => {
    // The draft is written shortly after the last change; the reload must not overtake it.
    await page.waitForFunction(
      (names) =>
        Object.entries(globalThis.localStorage).some(
          ([key, value]) =>
            key.startsWith('esign.signatureWizardDraft.') && names.every((name) => value.includes(name)),
        ),
      PARTY_NAMES,
    );
    await page.reload();
    await page.getByText(/^Brouillon restauré/).waitFor({ timeout: 30_000 });
    await stepHeading(page, 'Remplir les informations');
    assert.equal(await page.locator(fieldSelector('formData.vendeurs.1.nom')).inputValue(), SELLERS[1].nom);
    assert.equal(await page.locator(fieldSelector('formData.acquereurs.0.nom')).inputValue(), BUYER.nom);
    // Starting afresh is asked first; keeping the draft changes nothing.
    await page.getByRole('button', { name: 'Supprimer le brouillon et recommencer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le brouillon ?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Garder le brouillon' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.locator(fieldSelector('formData.vendeurs.1.nom')).inputValue(), SELLERS[1].nom);
    assert.equal((await draftKeys(page)).length, 1, 'the draft is still kept');
  });

  it('completes the form and generates the document', async () => {
    await fillSections(page, AGREEMENT.sections.slice(2));
    await next(page);
    await stepHeading(page, 'Signataires');
  });

  it('lists the parties as the signatories, adds a witness as an extra, and sends the request', async () => {
    // The parties of the deed, in its order, with their roles and what the form says of them.
    const cards = page.locator('#wizard-signatories > li');
    assert.equal(await cards.count(), 3);
    const roles = ['Vendeur', `Vendeur, pour ${SELLERS[1].nom}`, 'Acquéreur'];
    for (const [index, role] of roles.entries()) {
      await cards.nth(index).getByText(role, { exact: true }).waitFor();
    }
    assert.equal(
      await page
        .getByLabel(/^Nom et prénom/)
        .first()
        .inputValue(),
      `${SELLERS[0].prenoms} ${SELLERS[0].nom}`,
    );
    assert.equal(
      await page
        .getByLabel(/^Adresse e-mail/)
        .nth(2)
        .inputValue(),
      BUYER.email,
    );
    // A party cannot be removed, nor its name replaced here.
    assert.equal(
      await cards.nth(0).getByRole('button', { name: 'Retirer le signataire 1' }).isDisabled(),
      true,
    );
    assert.equal(
      await page
        .getByLabel(/^Nom et prénom/)
        .first()
        .getAttribute('readonly'),
      '',
    );

    await page.getByRole('button', { name: 'Ajouter un autre signataire (témoin, interprète…)' }).click();
    await fillSignatory(page, 3, WITNESS);
    // An extra must say in what capacity they sign.
    await next(page);
    await page.getByText('Qualité : Indiquez en quelle qualité cette personne signe').waitFor();
    await page.getByLabel(/^Qualité/).fill('Témoin');
    await next(page);

    await stepHeading(page, 'Emplacement des signatures');
    await page
      .getByText('Les parties signent dans le cadre imprimé à leur nom. Placez ici les autres signataires.')
      .waitFor();
    // Only the witness is placed: page 1, top left.
    assert.equal(await page.getByLabel('Page', { exact: true }).count(), 1);
    await page.getByLabel('Page', { exact: true }).selectOption('1');
    await page.getByRole('radio', { name: 'En haut à gauche' }).check();
    await page.screenshot({ path: join(artifactsDir, 'template-placement.png') });
    await next(page);
    await stepHeading(page, 'Options');
    await next(page);
    await stepHeading(page, 'Vérifier et envoyer');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page
      .getByText('Document créé : la demande de signature a été envoyée')
      .waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/signatures\/[0-9a-f-]{36}$/);
    requestId = new URL(page.url()).pathname.split('/').pop();
    assert.deepEqual(await draftKeys(page), [], 'the draft is gone once the request is sent');
  });

  it('shows the request in progress on the generated document, which names every party', async () => {
    assert.ok(requestId, 'the request was sent');
    const request = await client(product.url, member.token).signatureRequest(requestId);
    assert.equal(request.status, 'IN_PROGRESS');
    assert.equal(request.documentType, 'TEMPLATE');
    assert.equal(request.templateType, 'FlatSalesAgreement');
    assert.deepEqual(
      request.signatories.map(({ party, role, name }) => [party, role, name]),
      [
        ['vendeurs.0', 'Vendeur', `${SELLERS[0].prenoms} ${SELLERS[0].nom}`],
        ['vendeurs.1', 'Vendeur', SELLERS[1].representant],
        ['acquereurs.0', 'Acquéreur', `${BUYER.prenoms} ${BUYER.nom}`],
        [null, 'Témoin', WITNESS.name],
      ],
    );
    assert.deepEqual(request.signatories[3]?.placement, { page: 1, position: 'top-left' });
    /** @type {{ url: string }} */
    const stored = await api(product.url, `/api/pdf/${request.documentId}`, member.token);
    const download = await fetch(new URL(stored.url, product.url));
    assert.equal(download.status, 200);
    const text = flattened(pdfText(Buffer.from(await download.arrayBuffer()), 'template-request.pdf'));
    for (const name of PARTY_NAMES) assert.ok(text.includes(flattened(name)), `the document names ${name}`);
  });
});
