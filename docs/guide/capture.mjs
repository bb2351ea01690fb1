// Drives the real screens in one language and saves the screenshots the guide embeds. The few button
// names it needs come from the language's text module (`ui`), copied from the applications' catalogues.
import { join } from 'node:path';
import { createRequest } from '../../e2e/product-api.mjs';
import {
  MEMBER,
  SAMPLE_PDF,
  SIGNATURE_PAGE,
  createNewcomer,
  invitationLink,
  smsCode,
  waitUntilSigned,
} from './seed.mjs';

/** Template titles are French in every language: the documents are French deeds. */
const TEMPLATE_SHOWN = 'Compromis de vente — appartement';

const DESKTOP = { viewport: { width: 1280, height: 820 }, deviceScaleFactor: 1 };
const SMALL_DESKTOP = { viewport: { width: 960, height: 640 }, deviceScaleFactor: 1 };
const PHONE = { viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const QUALITY = 62;
const LONG = { timeout: 30_000 };
const INTL = { fr: 'fr-LU', en: 'en-GB', de: 'de-LU', lu: 'lb-LU' };

/** A browser context whose stored language (shared by both applications) is already the guide's. */
async function contextIn(browser, lang, device) {
  const context = await browser.newContext({ ...device, locale: INTL[lang], acceptDownloads: true });
  await context.addInitScript((locale) => {
    globalThis.localStorage.setItem('esign.locale', locale);
  }, lang);
  return context;
}

function shooter(dir, lang) {
  const shots = {};
  return {
    shots,
    async take(page, name, options = {}) {
      // Let transitions, toasts and lazy images settle, and keep the caret out of the picture.
      await page.waitForTimeout(options.settle ?? 600);
      // A notification would hide part of the screen: wait for it to leave.
      await page
        .locator('.MuiSnackbar-root')
        .waitFor({ state: 'detached', timeout: 8_000 })
        .catch(() => {});
      if (options.screenshot?.fullPage) await page.evaluate(() => globalThis.scrollTo(0, 0));
      const path = join(dir, `${lang}-${name}.jpg`);
      await page.screenshot({ path, type: 'jpeg', quality: QUALITY, caret: 'hide', ...options.screenshot });
      shots[name] = path;
    },
  };
}

async function fillCredentials(page, email, password) {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
}

/** First sign-in of a new member: the sign-in form, the new password and the data-protection consent. */
async function captureFirstSignIn(browser, url, adminToken, lang, camera) {
  const newcomer = {
    name: 'Agence du Parc',
    email: `bienvenue-${lang}@agence-du-parc.lu`,
    mobile: `+35269100040${Object.keys(INTL).indexOf(lang)}`,
  };
  const temporary = await createNewcomer(url, adminToken, newcomer);
  const context = await contextIn(browser, lang, SMALL_DESKTOP);
  const page = await context.newPage();
  await page.goto(`${url}/auth/login`);
  await fillCredentials(page, newcomer.email, temporary);
  await camera.take(page, 'login');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/challenges\/new_password_required$/, LONG);
  await page.locator('#newPassword').fill(MEMBER.password);
  await page.locator('#repeatPassword').fill(MEMBER.password);
  await camera.take(page, 'new-password');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/init\/gdpr$/, LONG);
  for (const box of await page.locator('input[type="checkbox"]').all()) await box.check();
  await camera.take(page, 'consent', { screenshot: { fullPage: true } });
  await context.close();
}

/** The signatory's side on a phone, from the invitation link to the signed page. */
async function captureSigning(browser, url, adminToken, memberToken, documentId, lang, texts, camera) {
  const signatory = texts.sample.signatory;
  const request = await createRequest(url, memberToken, documentId, {
    title: texts.sample.signedTitle,
    signatory,
    language: lang,
    page: SIGNATURE_PAGE,
  });
  const context = await contextIn(browser, lang, PHONE);
  const page = await context.newPage();
  await page.goto(await invitationLink(url, adminToken, signatory.email));
  await page.locator('.pdf-page canvas').first().waitFor(LONG);
  await camera.take(page, 'sign-reading', { settle: 1200 });

  await page.getByRole('button', { name: texts.ui.sign, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await page.locator('#signing-location').fill(texts.sample.location);
  await camera.take(page, 'sign-identity');
  for (const box of await dialog.locator('input[type="checkbox"]').all()) await box.check();
  await dialog.locator('button[type="submit"]').scrollIntoViewIfNeeded();
  await camera.take(page, 'sign-consents');
  await dialog.locator('button[type="submit"]').click();

  const code = page.locator('#signing-code');
  await code.waitFor(LONG);
  await code.fill(await smsCode(url, adminToken, signatory.mobile));
  await code.blur();
  await camera.take(page, 'sign-code', { settle: 300 });
  await dialog.getByRole('button', { name: texts.ui.validate, exact: true }).click();
  // The code step gives way to the signed step once the signature is recorded.
  await code.waitFor({ state: 'detached', timeout: 30_000 });
  await camera.take(page, 'sign-done');
  await dialog.getByRole('button', { name: texts.ui.close, exact: true }).last().click();
  await page.getByText(texts.ui.signedReady).waitFor({ timeout: 120_000 });
  await camera.take(page, 'sign-result');
  await context.close();
  await waitUntilSigned(url, memberToken, request.id);
  return request.id;
}

/** The member's screens: dashboard, profile, language, list, the new-request wizard and a request's details. */
async function captureMemberScreens(browser, url, lang, texts, signedId, camera) {
  const context = await contextIn(browser, lang, DESKTOP);
  const page = await context.newPage();
  await page.goto(`${url}/auth/login`);
  await fillCredentials(page, MEMBER.email, MEMBER.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/, LONG);
  await page.locator('[data-figure]').first().waitFor(LONG);
  await page
    .locator('.recharts-bar-rectangle')
    .first()
    .waitFor(LONG)
    .catch(() => {});
  await camera.take(page, 'dashboard', { settle: 1500, screenshot: { fullPage: true } });

  await page.locator('header').getByRole('button').last().click();
  await page.getByRole('menuitemradio').first().waitFor();
  await camera.take(page, 'user-menu');
  await page.keyboard.press('Escape');

  await page.goto(`${url}/profile/me`);
  await page.locator('form').first().waitFor(LONG);
  await camera.take(page, 'profile', { settle: 1500, screenshot: { fullPage: true } });

  await page.goto(`${url}/signatures`);
  await page.getByRole('row').nth(2).waitFor(LONG);
  await camera.take(page, 'list', { settle: 1000 });

  await captureWizard(page, url, texts, camera);
  await captureDetails(page, url, texts, signedId, camera);
  await context.close();
}

async function next(page, texts) {
  await page.getByRole('button', { name: texts.ui.next, exact: true }).click();
}

async function captureWizard(page, url, texts, camera) {
  await page.goto(`${url}/signatures/new`);
  await page.locator('#wizard-step-title').waitFor(LONG);
  await page.getByRole('radio').nth(1).check();
  await camera.take(page, 'wizard-template', { settle: 1000 });
  // A template's form beside its live preview; then back, to go on with an uploaded PDF.
  await page.getByRole('radio', { name: TEMPLATE_SHOWN }).check();
  await next(page, texts);
  await page.locator('.react-pdf__Page canvas').first().waitFor(LONG);
  await camera.take(page, 'wizard-details', { settle: 1500 });
  await page.getByRole('button', { name: texts.ui.back, exact: true }).click();
  await page.getByRole('radio').nth(0).check();
  await page.locator('input[type="file"]').setInputFiles(SAMPLE_PDF);
  await page.getByText(texts.ui.documentReady).first().waitFor(LONG);
  await camera.take(page, 'wizard-document');
  await next(page, texts);

  await page.getByRole('button', { name: texts.ui.addSignatory }).click();
  for (const [index, person] of texts.sample.wizardSignatories.entries()) {
    await page.locator('[id^="signatory-"][id$="-name"]').nth(index).fill(person.name);
    await page.locator('[id^="signatory-"][id$="-email"]').nth(index).fill(person.email);
    await page.locator('[id^="signatory-"][id$="-mobile"]').nth(index).fill(person.mobile);
  }
  await camera.take(page, 'wizard-signatories', { screenshot: { fullPage: true } });
  await next(page, texts);

  await page.locator('.react-pdf__Page canvas').first().waitFor(LONG);
  const pages = page.locator('select[id^="signatory-"][id$="-page"]');
  const corners = ['bottom-left', 'bottom-right'];
  for (const [index, corner] of corners.entries()) {
    await pages.nth(index).selectOption('4');
    await page.getByRole('radio', { name: texts.ui.corners[corner] }).nth(index).check();
  }
  await camera.take(page, 'wizard-placement', { settle: 1500, screenshot: { fullPage: true } });
  await next(page, texts);

  await page.locator('#wizard-signatureTitle').fill(texts.sample.wizardTitle);
  await page.getByRole('radio', { name: new RegExp(`^${texts.ui.sequence}`) }).check();
  await camera.take(page, 'wizard-options', { screenshot: { fullPage: true } });
  await page.getByRole('button', { name: texts.ui.typesGuide }).click();
  await page.getByRole('dialog').waitFor();
  await camera.take(page, 'wizard-guide');
  await page.getByRole('dialog').getByRole('button', { name: texts.ui.close }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await next(page, texts);

  await page.getByRole('button', { name: texts.ui.send, exact: true }).waitFor(LONG);
  await camera.take(page, 'wizard-review', { screenshot: { fullPage: true } });
  await page.getByRole('button', { name: texts.ui.send, exact: true }).click();
  await page.waitForURL(/\/signatures\/[0-9a-f-]{36}$/, LONG);
}

async function captureDetails(page, url, texts, signedId, camera) {
  const remind = page.getByRole('button', { name: texts.ui.remind });
  await remind.waitFor(LONG);
  if (await remind.isEnabled()) await remind.click();
  await page.getByRole('button', { name: texts.ui.remindWait }).waitFor(LONG);
  await camera.take(page, 'details', { settle: 1500, screenshot: { fullPage: true } });

  await page.goto(`${url}/signatures/${signedId}`);
  const download = page
    .getByRole('link', { name: texts.ui.download })
    .or(page.getByRole('button', { name: texts.ui.download }));
  await download.first().waitFor(LONG);
  await camera.take(page, 'details-signed', { settle: 1000 });
  const [file] = await Promise.all([page.waitForEvent('download', LONG), download.first().click()]);
  await file.path();
  await camera.take(page, 'download', { settle: 800 });
}

/** Every screenshot of one language, keyed by name. */
export async function captureLanguage({ browser, url, adminToken, member, documentId, lang, texts, dir }) {
  const camera = shooter(dir, lang);
  await captureFirstSignIn(browser, url, adminToken, lang, camera);
  const signedId = await captureSigning(
    browser,
    url,
    adminToken,
    member.token,
    documentId,
    lang,
    texts,
    camera,
  );
  await captureMemberScreens(browser, url, lang, texts, signedId, camera);
  return camera.shots;
}
