// @ts-check
// Signature requests end to end: a member uploads a PDF, adds two signatories in sequence, places them on
// the rendered pages, sends the request, finds it in the list, reads its details and audit trail, and
// reminds the signatories, after which the reminder button counts down. Then edits the request while
// nobody has signed, is refused the download of an unsigned document, and cancels the request.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
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
import { SAMPLE_PDF, client, outbox, temporaryPassword } from './product-api.mjs';

/** @import { Page } from 'playwright-core' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const MEMBER = {
  name: 'Claire Hoffmann',
  email: 'claire.hoffmann@agence-du-sud.lu',
  mobile: '+352621555111',
  company: 'Agence du Sud',
  password: 'Member-Passw0rd',
};

const SIGNATORIES = /** @type {const} */ ([
  { name: 'Paul Schmit', email: 'paul.schmit@example.lu', mobile: '621 234 567', e164: '+352621234567' },
  { name: 'Léa Weber', email: 'lea.weber@example.lu', mobile: '+352 691 987 654', e164: '+352691987654' },
]);

const TITLE = 'Compromis – 12 rue de la Gare';

/**
 * The member created by the administrator through the API; the temporary password of the welcome e-mail.
 * @param {string} url
 */
async function createMember(url) {
  const token = await signInThroughPool(url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await client(url, token).createUser({
    name: MEMBER.name,
    email: MEMBER.email,
    mobile: MEMBER.mobile,
    language: 'fr',
    additionalInfo: { company: { name: MEMBER.company } },
  });
  return temporaryPassword(url, token, MEMBER.email);
}

/**
 * @param {Page} page
 * @param {string} url
 * @param {string} temporaryPassword
 */
async function signInFirstTime(page, url, temporaryPassword) {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Adresse e-mail').fill(MEMBER.email);
  await page.getByLabel('Mot de passe').fill(temporaryPassword);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/challenges\/new_password_required$/, { timeout: 15_000 });
  await page.getByLabel(/^Nouveau mot de passe/).fill(MEMBER.password);
  await page.getByLabel(/^Répéter le mot de passe/).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
  await page.waitForURL(/\/init\/gdpr$/, { timeout: 15_000 });
  await page.getByLabel('Je confirme que ce numéro de mobile est le mien').check();
  await page.getByLabel(/J’accepte les conditions/).check();
  await page.getByRole('button', { name: 'Accepter et continuer' }).click();
  await page.getByRole('heading', { name: /Tableau de bord/ }).waitFor({ timeout: 20_000 });
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
  await page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 15_000 });
}

describe('admin-web: signature requests', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {Page} */
  let member;
  /** @type {string} */
  let requestPath;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    const temporaryPassword = await createMember(product.url);
    member = await browser.newPage({ locale: 'fr-FR', viewport: { width: 1400, height: 1000 } });
    await signInFirstTime(member, product.url, temporaryPassword);
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('starts from an empty list that invites to create a request', async () => {
    await member.getByRole('menuitem', { name: /Signatures/ }).click();
    await member.getByText('Aucune demande de signature pour l’instant').waitFor({ timeout: 15_000 });
    await member.getByRole('link', { name: 'Nouvelle demande de signature' }).click();
    await member.waitForURL(/\/signatures\/new$/);
    await stepHeading(member, 'Document');
  });

  it('uploads a PDF, which the server checks and counts', async () => {
    await next(member);
    await member.getByText('Importez un PDF ou choisissez un modèle.').first().waitFor();
    await member.locator('input[type="file"]').setInputFiles(SAMPLE_PDF);
    await member.getByText('« pdflatex-4-pages.pdf » est prêt : 4 pages.').waitFor({ timeout: 30_000 });
    await next(member);
    await stepHeading(member, 'Signataires');
  });

  it('adds two signatories, shows their E.164 mobiles, and reorders them by keyboard drag and by buttons', async () => {
    await member.getByRole('button', { name: 'Ajouter un signataire' }).click();
    // Entered in the wrong order on purpose, then moved.
    const entered = [SIGNATORIES[1], SIGNATORIES[0]];
    for (const [index, signatory] of entered.entries()) {
      await fillSignatory(member, index, signatory);
      await member.getByText(`Le code de signature sera envoyé au ${signatory.e164}`).waitFor();
    }
    // Drag and drop with the keyboard: pick up, move down, drop.
    // The sensor acts on animation frames: the keys are pressed at a person's pace.
    await member.getByRole('button', { name: 'Déplacer le signataire 1' }).focus();
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await member.keyboard.press(key);
      await member.waitForTimeout(250);
    }
    await member.getByText('Signataire déposé en position 2.').waitFor();
    assert.equal(
      await member
        .getByLabel(/^Nom et prénom/)
        .nth(0)
        .inputValue(),
      SIGNATORIES[0].name,
    );
    // And with the buttons: up, then down again.
    await member.getByRole('button', { name: 'Monter le signataire 2' }).click();
    await member.getByText(`${SIGNATORIES[1].name} est maintenant en position 1.`).waitFor();
    await member.getByRole('button', { name: 'Descendre le signataire 1' }).click();
    await member.getByText(`${SIGNATORIES[1].name} est maintenant en position 2.`).waitFor();
    assert.equal(
      await member
        .getByLabel(/^Nom et prénom/)
        .nth(0)
        .inputValue(),
      SIGNATORIES[0].name,
    );
    await member.screenshot({ path: join(artifactsDir, 'signature-signatories.png') });
    await next(member);
    await stepHeading(member, 'Emplacement des signatures');
  });

  it('places each signatory on the rendered page, and the reset keeps the signatories', async () => {
    await member.locator('.react-pdf__Page canvas').first().waitFor({ timeout: 30_000 });
    const pages = member.getByLabel('Page', { exact: true });
    await pages.nth(0).selectOption('4');
    await member.getByRole('radio', { name: 'En bas à gauche' }).nth(0).check();
    await member.getByRole('button', { name: 'Réinitialiser les emplacements' }).click();
    assert.equal(await pages.nth(0).inputValue(), '', 'the placement is gone');
    await next(member);
    await member.getByText('Choisissez où placer la signature').first().waitFor();

    await pages.nth(0).selectOption('4');
    await member.getByRole('radio', { name: 'En bas à gauche' }).nth(0).check();
    await pages.nth(1).selectOption('4');
    await member.getByRole('radio', { name: 'En bas à droite' }).nth(1).check();
    await member
      .getByText(
        `Signatures sur cette page : 1. ${SIGNATORIES[0].name} (En bas à gauche) et 2. ${SIGNATORIES[1].name} (En bas à droite).`,
      )
      .waitFor();
    await member.screenshot({ path: join(artifactsDir, 'signature-placement.png') });
    await next(member);
    await stepHeading(member, 'Options');
  });

  it('explains the signature types, and asks for a logo before an advanced signature', async () => {
    await member.getByRole('button', { name: 'Guide des types de signature' }).click();
    const guide = member.getByRole('dialog', { name: 'Quel type de signature choisir ?' });
    await guide.getByRole('heading', { name: 'Signature avancée' }).waitFor();
    await guide.getByRole('button', { name: 'Fermer' }).click();
    await guide.waitFor({ state: 'hidden' });
    assert.equal(await member.getByRole('radio', { name: 'Avancée' }).isDisabled(), true);
    await member.getByText(/La signature avancée nécessite le logo de votre agence/).waitFor();
    await member.screenshot({ path: join(artifactsDir, 'signature-options.png'), fullPage: true });
  });

  it('chooses the sequential flow and a title, reviews and sends', async () => {
    assert.equal(await member.getByLabel(/^Titre de la demande/).inputValue(), 'pdflatex-4-pages');
    await member.getByLabel(/^Titre de la demande/).fill(TITLE);
    await member.getByRole('radio', { name: /^Séquentielle/ }).check();
    await next(member);
    await stepHeading(member, 'Vérifier et envoyer');
    await member.getByText(SIGNATORIES[1].e164, { exact: false }).waitFor();
    await member.screenshot({ path: join(artifactsDir, 'signature-review.png') });
    await member.getByRole('button', { name: 'Envoyer la demande' }).click();
    await member
      .getByText('Document créé : la demande de signature a été envoyée')
      .waitFor({ timeout: 20_000 });
    await member.waitForURL(/\/signatures\/[0-9a-f-]{36}$/);
    requestPath = new URL(member.url()).pathname;
  });

  it('shows the details, the signatories in order and the audit trail', async () => {
    await member.getByRole('heading', { name: TITLE }).first().waitFor({ timeout: 15_000 });
    const rows = member.getByRole('table').getByRole('row');
    await rows.nth(1).getByText(SIGNATORIES[0].name).waitFor();
    await rows.nth(2).getByText(SIGNATORIES[1].name).waitFor();
    await rows.nth(1).getByText('Invité').waitFor();
    await rows.nth(2).getByText('En attente de son tour').waitFor();
    await member.getByText('Demande créée').waitFor();
    await member.getByText('Chaîne d’audit intègre').waitFor();
  });

  it('sends a reminder, then counts down to the next one', async () => {
    // Nobody has been reminded since the request was sent: the reminder is available at once.
    const remind = member.getByRole('button', { name: 'Relancer les signataires', exact: true });
    await remind.waitFor({ timeout: 10_000 });
    assert.equal(await remind.isEnabled(), true, 'a request nobody was reminded of can be reminded');
    await remind.click();
    await member.getByText('La relance a été envoyée').waitFor({ timeout: 15_000 });
    await member.getByText('Relance envoyée').waitFor({ timeout: 15_000 });
    // In a sequence only the first signatory is invited, so only they are reminded.
    const adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    /** @param {{ email: string }} signatory */
    const reminded = async (signatory) =>
      (await outbox(product.url, adminToken, signatory.email)).filter(
        (message) => message.subject === `Rappel : signature demandée pour « ${TITLE} »`,
      ).length;
    assert.equal(await reminded(SIGNATORIES[0]), 1);
    assert.equal(await reminded(SIGNATORIES[1]), 0);
    const countdown = member.getByRole('button', { name: /^Relancer dans \d+(:\d{2}){1,2}$/ });
    await countdown.waitFor({ timeout: 10_000 });
    assert.equal(await countdown.isDisabled(), true);
    const first = await countdown.textContent();
    await member.waitForTimeout(2_100);
    assert.notEqual(await countdown.textContent(), first, 'the countdown ticks');
    await member.screenshot({ path: join(artifactsDir, 'signature-details.png'), fullPage: true });
  });

  it('lists the request with its status and signatories, and finds it by a signatory’s name', async () => {
    await member.goto(`${product.url}/signatures`);
    const row = member.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('En cours').waitFor({ timeout: 15_000 });
    await row.getByText(`${SIGNATORIES[0].name}, ${SIGNATORIES[1].name}`).waitFor();
    await row.getByText('0 / 2 signés').waitFor();
    await member.screenshot({ path: join(artifactsDir, 'signature-list.png') });
    // One character searches nothing, and the list says so.
    await member.getByPlaceholder('Titre ou nom d’un signataire').fill('W');
    await member.getByText('Tapez au moins 2 caractères pour rechercher.').waitFor({ timeout: 10_000 });
    await member.getByPlaceholder('Titre ou nom d’un signataire').fill('Weber');
    await member.getByText('Tapez au moins 2 caractères pour rechercher.').waitFor({ state: 'hidden' });
    await member.getByRole('row').filter({ hasText: TITLE }).waitFor({ timeout: 10_000 });
    await member.getByRole('row').filter({ hasText: TITLE }).click();
    await member.waitForURL((url) => url.pathname === requestPath);
  });
  it('edits the request while nobody has signed, with everything prefilled', async () => {
    await member.getByRole('link', { name: 'Modifier' }).click();
    await member.waitForURL((url) => url.pathname === `${requestPath}/edit`);
    await member
      .getByText('Document actuel : « pdflatex-4-pages.pdf », 4 pages.')
      .waitFor({ timeout: 15_000 });
    await next(member);
    await stepHeading(member, 'Signataires');
    assert.equal(
      await member
        .getByLabel(/^Nom et prénom/)
        .nth(1)
        .inputValue(),
      SIGNATORIES[1].name,
    );
    await member
      .getByLabel(/^Nom et prénom/)
      .nth(0)
      .fill('Paul Schmit-Muller');
    await next(member);
    await member.locator('.react-pdf__Page canvas').first().waitFor({ timeout: 30_000 });
    assert.equal(await member.getByLabel('Page', { exact: true }).nth(1).inputValue(), '4');
    await next(member);
    assert.equal(await member.getByLabel(/^Titre de la demande/).inputValue(), TITLE);
    await next(member);
    await member.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await member.getByText('Demande de signature mise à jour').waitFor({ timeout: 15_000 });
    await member.waitForURL((url) => url.pathname === requestPath);
    await member.getByRole('table').getByText('Paul Schmit-Muller').waitFor();
    await member.getByText('Demande modifiée').waitFor();
  });

  it('does not download a document nobody has signed yet', async () => {
    await member.goto(`${product.url}${requestPath}/download`);
    await member.getByText('Échec du téléchargement du fichier').waitFor({ timeout: 15_000 });
    await member.getByText('Le document signé n’est pas encore prêt.').waitFor();
    await member.getByRole('button', { name: 'Relancer le téléchargement' }).waitFor();
  });

  it('cancels the request after a confirmation, and the list shows it cancelled', async () => {
    await member.goto(`${product.url}${requestPath}`);
    await member.getByRole('button', { name: 'Annuler la demande' }).click();
    await member.getByRole('dialog').getByRole('button', { name: 'Annuler la demande' }).click();
    await member.getByText('Signature annulée').waitFor({ timeout: 15_000 });
    await member.getByText('Demande annulée').waitFor({ timeout: 15_000 });
    assert.equal(await member.getByRole('button', { name: /^Relancer/ }).count(), 0);
    await member.goto(`${product.url}/signatures`);
    await member
      .getByRole('row')
      .filter({ hasText: TITLE })
      .getByText('Annulée')
      .waitFor({ timeout: 15_000 });
  });
});
