// @ts-check
// Qualified signatures at a trust-service provider (a CSC API v2 stand-in started here): two signatories in
// sequence go from the signing page to the provider's consent pages and back; the sealed PDF carries their
// qualified signatures and the chamber's seal, valid at PAdES B-LTA.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  artifactsDir,
  freePort,
  launchBrowser,
  signInThroughPool,
  startProduct,
  watchForErrors,
} from './harness.mjs';
import { startCscStandIn, checkSignedPdf } from '@esign/pdf-signing/testing';
import sharp from 'sharp';
import { placedSignatories, signatureRequestInput } from '@esign/api-client';
import { client, createMember, downloadSealed, invitationLink, smsCode, uploadPdf } from './product-api.mjs';

/** @import { MemberSession } from '@esign/api-client' */
/** @import { VerificationReport } from '@esign/shared' */
/** @import { Product, WatchedBrowser } from './harness.mjs' */

const MEMBER = {
  name: 'Étude Qualifiée',
  email: 'etude@qualifiee.lu',
  mobile: '+352621555100',
  password: 'Member-Passw0rd',
};
const SIGNATORIES = [
  { name: 'Marie Dupont', email: 'marie.dupont@example.lu', mobile: '+352621555101' },
  { name: 'Luc Weber', email: 'luc.weber@example.lu', mobile: '+352621555102' },
];
const DESKTOP = { viewport: { width: 1366, height: 900 }, locale: 'fr-FR' };

/**
 * The member's logo, which advanced and qualified requests need (the seal stamp carries it).
 * @param {string} url
 * @param {MemberSession} member
 */
async function uploadLogo(url, member) {
  const png = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#1f4e79' } })
    .png()
    .toBuffer();
  await client(url, member.token).uploadLogo(png);
}

describe('qualified signatures at a trust-service provider', () => {
  /** @type {Awaited<ReturnType<typeof startCscStandIn>>} */
  let provider;
  /** @type {Product} */
  let product;
  /** @type {WatchedBrowser} */
  let browser;
  /** @type {string} */
  let adminToken;
  /** @type {MemberSession} */
  let member;
  const scratch = mkdtempSync(join(tmpdir(), 'e2e-qualified-'));

  before(async () => {
    const port = await freePort();
    const callback = `http://localhost:${port}/api/signing/qualified/callback`;
    provider = await startCscStandIn({ clientId: 'esign', clientSecret: 'secret', redirectUris: [callback] });
    const providerChain = join(scratch, 'provider-ca.pem');
    writeFileSync(providerChain, provider.caPem);
    product = await startProduct({
      PORT: String(port),
      CSC_BASE_URL: provider.url,
      CSC_CLIENT_ID: 'esign',
      CSC_CLIENT_SECRET: 'secret',
      CSC_REDIRECT_URI: callback,
      CSC_TRUST_BUNDLE_PATH: providerChain,
      SIGNING_RATE_LIMIT_PER_MINUTE: '1000',
    });
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    adminToken = await signInThroughPool(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    member = await createMember(product.url, adminToken, MEMBER);
    await uploadLogo(product.url, member);
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
    await provider?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('two signatories in sequence sign at the provider; the sealed PDF is valid at B-LTA', async () => {
    assert.equal((await client(product.url).config()).qualifiedSignatures, true);
    const documentId = await uploadPdf(product.url, member.token);
    const request = await client(product.url, member.token).createSignatureRequest(
      signatureRequestInput(documentId, {
        signatureTitle: 'Acte de vente – 7 rue du Fort',
        documentName: 'acte.pdf',
        signingMode: 'QUALIFIED',
        signingFlow: 'SEQUENCE',
        language: 'fr',
        signatories: placedSignatories(SIGNATORIES, { corners: ['bottom-right', 'bottom-left'] }),
      }),
    );

    for (const [index, signatory] of SIGNATORIES.entries()) {
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await page.goto(await invitationLink(product.url, adminToken, signatory.email));
      await page.getByRole('heading', { name: 'Document à signer' }).waitFor({ timeout: 15_000 });
      await page.locator('.pdf-page canvas').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Signer', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Signer le document' });
      await dialog.getByLabel(/^Lieu de signature/).fill('Luxembourg');
      for (const checkbox of await dialog.getByRole('checkbox').all()) await checkbox.check();
      // The legal paragraph says what a qualified signature is worth.
      await dialog
        .getByText(/équivalent à celui d’une signature manuscrite \(article 25, paragraphe 2, eIDAS\)/)
        .waitFor();
      await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
      await dialog.getByText('Étape 2 sur 3').waitFor({ timeout: 15_000 });
      await dialog.getByText(/vous serez conduit chez votre prestataire de confiance qualifié/).waitFor();
      await dialog
        .getByLabel('Code reçu par SMS')
        .fill(await smsCode(product.url, adminToken, signatory.mobile));
      if (index === 0) await page.screenshot({ path: join(artifactsDir, 'qualified-code.png') });
      await dialog.getByRole('button', { name: 'Signer avec mon certificat qualifié' }).click();

      // At the provider: sign in, then authorise the one signature.
      await page.waitForURL(`${provider.url}/oauth2/authorize?**`, { timeout: 15_000 });
      await page.getByLabel('Your name').fill(signatory.name);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Authorise one signature').waitFor({ timeout: 15_000 });
      await page.getByText(`Signer: ${signatory.name}`).waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();

      // Back on the signing page, the link's key put back, the outcome said once.
      await page.waitForURL(`${product.url}/sign/${request.id}?key=**`, { timeout: 30_000 });
      await page
        .getByText('Votre signature qualifiée a été apposée sur le document.')
        .waitFor({ timeout: 15_000 });
      await page.getByRole('heading', { name: 'Vous avez signé ce document' }).waitFor({ timeout: 15_000 });
      if (index === 0) await page.screenshot({ path: join(artifactsDir, 'qualified-back.png') });
      assert.deepEqual(errors, []);
      await context.close();
    }

    await client(product.url, member.token).waitForStatus(request.id, 'SIGNED');
    const sealed = await downloadSealed(product.url, member.token, request.id);
    const file = join(scratch, 'qualified.pdf');
    writeFileSync(file, sealed);
    const caFile = join(scratch, 'ca.pem');
    writeFileSync(caFile, await (await fetch(`${product.url}/api/trust/ca.pem`)).text());
    const checked = checkSignedPdf(file, caFile, 3, 'B-LTA');
    assert.ok(checked.ok, checked.output);

    // Each signatory's certificate carries the QcStatements, as the verification reads them.
    const form = new FormData();
    form.append('file', new Blob([sealed], { type: 'application/pdf' }), 'acte.pdf');
    /** @type {VerificationReport} */
    const report = await client(product.url).json('POST', '/api/verify', { body: form });
    const signatures = report.signatures.filter((signature) => signature.kind === 'signature');
    assert.deepEqual(
      signatures.map((signature) => [signature.signer, signature.valid, signature.qualified]),
      SIGNATORIES.map((person) => [person.name, true, { certificate: true, qscd: true }]),
    );
  });

  it('a signatory who cancels at the provider comes back told so, with nothing signed', async () => {
    const documentId = await uploadPdf(product.url, member.token);
    const person = { name: 'Anne Annule', email: 'anne.annule@example.lu', mobile: '+352621555103' };
    const request = await client(product.url, member.token).createSignatureRequest(
      signatureRequestInput(documentId, {
        signatureTitle: 'Mandat – 2 place d’Armes',
        documentName: 'mandat.pdf',
        signingMode: 'QUALIFIED',
        signingFlow: 'SEQUENCE',
        language: 'lu',
        signatories: placedSignatories([person], { corners: ['bottom-right', 'bottom-left'] }),
      }),
    );
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.goto(await invitationLink(product.url, adminToken, person.email));
    await page.locator('.pdf-page canvas').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Ënnerschreiwen', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Uert vun der Ënnerschrëft/).fill('Esch-sur-Alzette');
    for (const checkbox of await dialog.getByRole('checkbox').all()) await checkbox.check();
    await dialog.getByRole('button', { name: 'Code schécken' }).click();
    const code = dialog.getByLabel('Code aus der SMS');
    await code.waitFor({ timeout: 15_000 });
    await code.fill(await smsCode(product.url, adminToken, person.mobile));
    await dialog
      .getByRole('button', { name: 'Mat mengem qualifizéierten Zertifikat ënnerschreiwen' })
      .click();
    await page.waitForURL(`${provider.url}/oauth2/authorize?**`, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${product.url}/sign/${request.id}?key=**`, { timeout: 30_000 });
    await page.getByText(/Dir hutt bei Ärem Prestataire ofgebrach: et gouf näischt ënnerschriwwen/).waitFor({
      timeout: 15_000,
    });
    await page.screenshot({ path: join(artifactsDir, 'qualified-cancelled-phone-lu.png'), fullPage: true });
    // Still to sign: the Sign button is there again.
    await page.getByRole('button', { name: 'Ënnerschreiwen', exact: true }).waitFor();
    const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
    assert.ok(width <= 360, `the page is ${width} px wide on a 360 px screen`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
