// @ts-check
// A signatory's journey on a phone: the invitation link, the document, the identity step, the SMS code,
// the signed page and the final sealed PDF; and an accessibility scan of the signing page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  artifactsDir,
  focusedElement,
  focusSettledOn,
  launchBrowser,
  signInThroughPool,
  startProduct,
  watchForErrors,
} from './harness.mjs';
import {
  SAMPLE_PDF,
  createMember,
  createRequest,
  downloadSealed,
  invitationLink,
  smsCode,
  signThroughApi,
  uploadPdf,
} from './product-api.mjs';

/** @import { Person } from '@esign/api-client' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/**
 * A PDF signed at a stand-in of a qualified trust-service provider, through the product's own CSC client:
 * the signatory's credential, the hash authorised on the consent page, signHash, the signature embedded.
 * @param {string} name
 */
async function signedAtProvider(name) {
  const { completeExternalSignature, prepareExternalSignature, readRevision } = require('@esign/pdf-signing');
  const { startCscStandIn, submitConsent } = require('@esign/pdf-signing/testing');
  const { CscClient, pkcePair } = require(join(root, 'server/dist/modules/signing/qualified/csc-client.js'));
  const redirectUri = 'http://127.0.0.1/callback';
  const provider = await startCscStandIn({
    clientId: 'e2e',
    clientSecret: 'secret',
    redirectUris: [redirectUri],
  });
  try {
    const client = new CscClient({
      baseUrl: provider.url,
      clientId: 'e2e',
      clientSecret: 'secret',
      redirectUri,
    });
    /**
     * @param {Record<string, unknown>} scope
     * @param {string} [login]
     */
    const authorised = async (scope, login) => {
      const pkce = pkcePair();
      const url = await client.authorizationUrl(scope, 'state', pkce.challenge, 'fr');
      const back = await submitConsent(url, 'approve', login);
      return (await client.exchangeCode(back.searchParams.get('code'), pkce.verifier)).accessToken;
    };
    const service = await authorised({ scope: 'service' }, name);
    const [credentialId] = await client.listCredentials(service);
    const credential = await client.credential(service, credentialId);
    const [certificateDer, ...chainDer] = credential.certificatesDer;
    const signer = { certificateDer, chainDer };
    const prepared = prepareExternalSignature(await readRevision(readFileSync(SAMPLE_PDF)), {
      signer,
      timestamped: false,
      name,
    });
    const sad = await authorised({ scope: 'credential', credentialId, hash: prepared.toBeSignedSha256 });
    const value = await client.signHash(sad, credential, prepared.toBeSignedSha256, 'e2e');
    return completeExternalSignature(prepared, signer, value);
  } finally {
    await provider.close();
  }
}
const AXE = join(root, 'node_modules', 'axe-core', 'axe.min.js');
const PHONE = {
  viewport: { width: 375, height: 667 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'fr-FR',
};
const MEMBER = {
  name: 'Agence du Nord',
  email: 'signatures@agence-du-nord.lu',
  password: 'Member-Passw0rd',
  mobile: '+352621000111',
};
const ANNE = { name: 'Anne Muller', email: 'anne.muller@example.lu', mobile: '+352621987654' };
const PAUL = { name: 'Paul Weber', email: 'paul.weber@example.lu', mobile: '+352661123987' };
const CLAIRE = { name: 'Claire Hoffmann', email: 'claire.hoffmann@example.lu', mobile: '+352691456123' };

/**
 * Uploads the 4-page sample the way the back office does and asks one signatory to sign it.
 * @param {string} url
 * @param {string} token
 * @param {Person} signatory
 * @param {string} title
 */
async function requestSignature(url, token, signatory, title) {
  return createRequest(url, token, await uploadPdf(url, token), { title, signatory });
}

/** The signing link of the invitation e-mail, on this run's address. */
describe('sign-web: signing a document on a phone', () => {
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {string} */
  let adminToken;
  /** @type {string} */
  let memberToken;

  before(async () => {
    product = await startProduct({ SIGNING_RATE_LIMIT_PER_MINUTE: '1000' });
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    ({ token: memberToken } = await createMember(product.url, adminToken, MEMBER));
    await requestSignature(product.url, memberToken, ANNE, 'Compromis – 12 rue de la Gare');
    await requestSignature(product.url, memberToken, PAUL, 'Mandat de vente – 3 rue Haute');
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('reads the document, gives identity and consents, validates the SMS code and downloads the sealed PDF', async () => {
    const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(await invitationLink(product.url, adminToken, ANNE.email));
    await page.getByRole('heading', { name: 'Document à signer' }).waitFor({ timeout: 15_000 });
    await page.getByText('Compromis – 12 rue de la Gare').waitFor();
    await page.locator('.pdf-page canvas').first().waitFor({ timeout: 30_000 });
    const pageNumber = page.getByLabel('Numéro de page');
    assert.equal(await pageNumber.inputValue(), '1');
    await page.getByText('sur 4').waitFor();
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await page.waitForFunction(
      () =>
        /** @type {HTMLInputElement | null} */ (globalThis.document.querySelector('.page-number__input'))
          ?.value === '2',
    );
    await page.screenshot({ path: join(artifactsDir, 'signing-phone.png') });

    await page.getByRole('button', { name: 'Signer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Signer le document' });
    await dialog.getByText('Étape 1 sur 3').waitFor();
    assert.equal(await dialog.getByLabel('Mobile', { exact: true }).inputValue(), ANNE.mobile);
    const location = dialog.getByLabel(/^Lieu de signature/);
    await location.fill('luxembourg');
    assert.equal(await location.inputValue(), 'Luxembourg', 'the first letter is capitalised as typed');
    const sendCode = dialog.getByRole('button', { name: 'Envoyer le code' });
    assert.equal(await sendCode.isDisabled(), true, 'the consents are still missing');
    await dialog.getByLabel(/J’accepte les conditions d’utilisation/).check();
    await dialog
      .getByLabel(`Je confirme que le numéro de mobile ${ANNE.mobile} est le mien`, { exact: false })
      .check();
    await dialog.getByLabel(/J’ai lu l’intégralité du document/).check();
    assert.equal(await sendCode.isDisabled(), true, 'three consents out of four are not enough');
    await dialog.getByLabel(/910\/2014.*14 août 2000.*1322-1/).check();
    await page.screenshot({ path: join(artifactsDir, 'signing-identity.png') });
    await sendCode.click();

    await dialog.getByText('Étape 2 sur 3').waitFor({ timeout: 15_000 });
    // Where the code went is read with the field; no toast over the step's buttons on a phone.
    assert.match(
      (await dialog.getByLabel('Code reçu par SMS').getAttribute('aria-describedby')) ?? '',
      /signing-otp-intro/,
    );
    assert.equal(await page.locator('.toast').count(), 0);
    // Reading the SMS can cost the page on a phone: reloaded, it comes back to the code step once the
    // document is displayed again, the place and consents kept, the code sent still the one to type.
    await page.reload();
    await dialog.getByText('Étape 2 sur 3').waitFor({ timeout: 30_000 });
    assert.equal(await dialog.getByLabel('Code reçu par SMS').inputValue(), '');
    const resend = dialog.getByRole('button', { name: /Renvoyer le code/ });
    assert.equal(await resend.isDisabled(), true, 'no new code before two minutes');
    assert.match((await resend.textContent()) ?? '', /\(0[12]:\d\d\)/);
    const code = dialog.getByLabel('Code reçu par SMS');
    assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
    const validate = dialog.getByRole('button', { name: 'Valider' });
    await code.fill('zzzz');
    assert.equal(await validate.isDisabled(), true, 'Validate waits for 8 characters');
    await code.fill('ZZZZZZZZ');
    await validate.click();
    // Said under the field, with the tries left; read out as an alert; no toast over the form's buttons.
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Le code saisi est incorrect.' });
    await refusal.waitFor({ timeout: 15_000 });
    assert.equal(
      await refusal.textContent(),
      'Le code saisi est incorrect. Il vous reste 4 essais avec ce code.',
    );
    assert.equal(await code.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByText('Échec de la validation de la signature').count(), 0);

    await code.fill((await smsCode(product.url, adminToken, ANNE.mobile)).toLowerCase());
    await validate.click();
    await dialog.getByText('Votre signature a bien été enregistrée. Merci !').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(artifactsDir, 'signing-signed.png') });
    // Escape closes it; Sign is gone, so focus goes to what replaced it, not to the page's body.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('heading', { name: 'Vous avez signé ce document' }).waitFor();
    assert.equal(await focusedElement(page), 'h1 Vous avez signé ce document');
    const download = page.getByRole('button', { name: 'Télécharger le document signé' });
    // The last signature hands the document to sealing; the page polls until the sealed PDF is ready.
    await page.getByText('Le document final signé est disponible.').waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.match(file.suggestedFilename(), /\.pdf$/);
    const saved = join(artifactsDir, 'signed-on-phone.pdf');
    await file.saveAs(saved);
    const bytes = readFileSync(saved);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(
      bytes.length > readFileSync(SAMPLE_PDF).length,
      'the sealed PDF carries the evidence and the seal',
    );
    await context.close();
  });

  it('starts the signing data, the document, the viewer and pdf.js together, with one worker', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    // One timeline of the page's requests: when each was sent and when each finished.
    /** @type {[string, string | null][]} */
    const timeline = [];
    /** @param {string} url */
    const kind = (url) => {
      const { pathname } = new URL(url);
      if (/^\/api\/signatures\/[^/]+\/document$/.test(pathname)) return 'document';
      if (/^\/api\/signatures\/[^/]+$/.test(pathname)) return 'data';
      if (/pdf\.worker[^/]*\.mjs$/.test(pathname)) return 'worker';
      if (/\/assets\/PdfViewer-[^/]+\.js$/.test(pathname)) return 'viewer';
      return null;
    };
    page.on('request', (request) => timeline.push(['sent', kind(request.url())]));
    page.on('requestfinished', (request) => timeline.push(['finished', kind(request.url())]));
    await page.goto(await invitationLink(product.url, adminToken, PAUL.email));
    await page.locator('.pdf-page canvas').first().waitFor({ timeout: 30_000 });
    /**
     * @param {string} event
     * @param {string} what
     */
    const at = (event, what) => timeline.findIndex(([e, w]) => e === event && w === what);
    const dataAnswered = at('finished', 'data');
    assert.ok(dataAnswered >= 0, 'the signing data was loaded');
    // Before, each waited for the one before it: data, then the viewer's code, then the document.
    for (const what of ['document', 'viewer']) {
      const sent = at('sent', what);
      assert.ok(sent >= 0 && sent < dataAnswered, `${what} was asked for before the signing data answered`);
    }
    const workers = timeline.filter(([event, what]) => event === 'sent' && what === 'worker');
    assert.equal(workers.length, 1, 'pdf.js runs in the worker started with the page, not a second one');
    assert.equal(timeline.filter(([e, w]) => e === 'sent' && w === 'document').length, 1);
    await context.close();
  });

  it('has no serious or critical accessibility violation on the signing page and in the dialog', async () => {
    // The page's Content-Security-Policy forbids injected scripts; axe is the test's own.
    const context = await browser.newContext({ ...PHONE, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(await invitationLink(product.url, adminToken, PAUL.email));
    await page.locator('.pdf-page canvas').first().waitFor({ timeout: 30_000 });
    await page.addScriptTag({ path: AXE });
    const scan = async () =>
      page.evaluate(async () => {
        const { violations } = await globalThis.axe.run(globalThis.document);
        return violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
      });
    assert.deepEqual(await scan(), []);
    await page.getByRole('button', { name: 'Signer', exact: true }).click();
    await page.getByRole('dialog', { name: 'Signer le document' }).getByText('Étape 1 sur 3').waitFor();
    assert.deepEqual(await scan(), []);
    await context.close();
  });

  it('closes the dialog on Escape or the browser’s Back, on the page, with focus back on Sign', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = watchForErrors(page);
    const link = await invitationLink(product.url, adminToken, PAUL.email);
    await page.goto(link);
    await page.locator('.pdf-page canvas').first().waitFor({ timeout: 30_000 });
    const sign = page.getByRole('button', { name: 'Signer', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Signer le document' });
    const open = async () => {
      await sign.click();
      await dialog.getByText('Étape 1 sur 3').waitFor();
    };

    await open();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await focusSettledOn(page, 'button Signer'), 'button Signer');

    // Back closes the dialog rather than leaving the page.
    await open();
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(page.url(), link);
    assert.equal(await focusSettledOn(page, 'button Signer'), 'button Signer');

    // Closed with its own button, the dialog leaves no step behind: Back then leaves the page as before.
    await open();
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await focusSettledOn(page, 'button Signer'), 'button Signer');
    await page.goBack();
    await page.waitForURL('about:blank');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('checks a PDF on the public verification page: the sealed one passes, the original is not sealed', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${product.url}/sign/verify`);
    await page.getByRole('heading', { name: 'Vérifier un document signé' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Choisir un fichier PDF').setInputFiles(SAMPLE_PDF);
    await page
      .getByRole('heading', { name: /Résultat pour « pdflatex-4-pages\.pdf »/ })
      .waitFor({ timeout: 30_000 });
    await page.getByText('Ce document ne porte pas le sceau de la plateforme.').waitFor();

    // Its own sealed document, signed through the API: this journey runs alone.
    const request = await requestSignature(product.url, memberToken, CLAIRE, 'Bail – 8 avenue de la Liberté');
    await signThroughApi(product.url, adminToken, memberToken, { request, signatory: CLAIRE });
    const sealed = await downloadSealed(product.url, memberToken, request.id);
    await page
      .getByLabel('Vérifier un autre document')
      .setInputFiles({ name: 'signed-on-phone.pdf', mimeType: 'application/pdf', buffer: sealed });
    await page
      .getByRole('heading', { name: /Résultat pour « signed-on-phone\.pdf »/ })
      .waitFor({ timeout: 30_000 });
    await page
      .getByText('Le document porte le sceau de la plateforme et n’a pas été modifié depuis.')
      .waitFor();
    await page.getByText('Sceau électronique', { exact: true }).waitFor();
    // The platform's own certificates claim nothing qualified, and the page says so.
    assert.ok((await page.getByText('Non qualifié', { exact: true }).count()) >= 1);
    await page.screenshot({ path: join(artifactsDir, 'verify-phone.png'), fullPage: true });

    // A signature made at a qualified provider (the stand-in): its certificate's claims are named.
    const qualified = await signedAtProvider('Hélène Qualifiée');
    await page
      .getByLabel('Vérifier un autre document')
      .setInputFiles({ name: 'qualifie.pdf', mimeType: 'application/pdf', buffer: qualified });
    await page.getByRole('heading', { name: /Résultat pour « qualifie\.pdf »/ }).waitFor({ timeout: 30_000 });
    await page
      .getByText('Déclaré qualifié (eIDAS), clé dans un dispositif qualifié de création de signature')
      .waitFor();
    await page
      .getByText('Le statut qualifié d’un prestataire se confirme sur la liste de confiance')
      .waitFor();
    await page.screenshot({ path: join(artifactsDir, 'verify-qualified-phone.png'), fullPage: true });
    await context.close();
  });
});
