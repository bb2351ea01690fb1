// Driving the running product through its API, as the browser journeys need before they open a page:
// JSON calls, the embedded user pool, the development outbox, and members made the way the back office does.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';

/** A 4-page PDF from another producer: what the journeys upload. */
export const SAMPLE_PDF = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'pdfs',
  'pdflatex-4-pages.pdf',
);

export async function api(url, path, token, init = {}) {
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: {
      ...(init.body && !(init.body instanceof Uint8Array) ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export async function cognito(endpoint, target, body) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${target} failed (${response.status}): ${json.message ?? ''}`);
  return json;
}

/** The newest e-mails and SMS sent to an address, from the development outbox. */
export function outbox(url, adminToken, to) {
  return api(url, `/api/dev/outbox?to=${encodeURIComponent(to)}`, adminToken);
}

/**
 * A member as the back office makes one: created by the administrator, first password set through the
 * pool's challenge, consent given. `member` holds name, email, password and mobile.
 */
export async function createMember(url, adminToken, member) {
  const created = await api(url, '/api/users', adminToken, {
    method: 'POST',
    body: JSON.stringify({
      name: member.name,
      email: member.email,
      mobile: member.mobile,
      language: 'fr',
      additionalInfo: { company: { name: member.name } },
    }),
  });
  const welcome = (await outbox(url, adminToken, member.email)).map((m) => /temporaire : (\S+)/.exec(m.body));
  const temporary = welcome.find(Boolean)?.[1];
  assert.ok(temporary, 'the welcome e-mail gives a temporary password');
  const { cognito: pool } = await api(url, '/api/config');
  // The pool's endpoint is a path on the product's origin, as the browser resolves it.
  const endpoint = new URL(pool.endpoint, url);
  const first = await cognito(endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pool.clientId,
    AuthParameters: { USERNAME: member.email, PASSWORD: temporary },
  });
  const answered = await cognito(endpoint, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ClientId: pool.clientId,
    Session: first.Session,
    ChallengeResponses: { USERNAME: member.email, NEW_PASSWORD: member.password },
  });
  const token = answered.AuthenticationResult.IdToken;
  await api(url, `/api/users/${created.id}/gdpr`, token, {
    method: 'POST',
    body: JSON.stringify({ gdprApprovedAt: new Date().toISOString() }),
  });
  return { id: created.id, token };
}

/** Uploads a PDF as the back office does (an upload address, the PUT, then the checks); its document id. */
export async function uploadPdf(
  url,
  token,
  bytes = new Uint8Array(readFileSync(SAMPLE_PDF)),
  fileName = 'compromis.pdf',
) {
  const issued = await api(url, '/api/pdf', token, {
    method: 'POST',
    body: JSON.stringify({ documentType: 'CUSTOM', size: bytes.length, fileName }),
  });
  // Relative in the embedded mode (`/api/files/...`), absolute with S3.
  const put = await fetch(new URL(issued.url, url), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf' },
    body: bytes,
  });
  assert.ok(put.ok, `upload PUT answered ${put.status}`);
  return (await api(url, `/api/pdf/${issued.fileId}/complete`, token, { method: 'POST' })).documentId;
}

/**
 * A SIMPLE request on a stored document, as the wizard sends it; the request's view. One `signatory`, or
 * several `signatories`, placed on `page` in the bottom corners, right then left.
 */
export function createRequest(
  url,
  token,
  documentId,
  { title, signatory, signatories = [signatory], language = 'fr', page = 1 },
) {
  return api(url, '/api/signatures', token, {
    method: 'POST',
    body: JSON.stringify({
      signatureTitle: title,
      documentType: 'CUSTOM',
      documentId,
      templateType: null,
      documentName: 'compromis.pdf',
      signingMode: 'SIMPLE',
      signingFlow: 'CONCURRENT',
      signatureSize: 'default',
      sealPage: 1,
      sealSize: 'default',
      language,
      signatories: signatories.map((person, index) => ({
        ...person,
        order: index + 1,
        placement: { page, position: index % 2 ? 'bottom-left' : 'bottom-right' },
      })),
    }),
  });
}

/** The four consents of the signing page's identity step, all given. */
export const CONSENTS = {
  termsAndPrivacy: true,
  phoneNumberOwnership: true,
  documentConsent: true,
  legalParagraph: true,
};

/**
 * The document received through a signing link, then reported displayed as the signing page does once its
 * viewer painted it (a code is only sent for a document displayed).
 */
export async function receiveAndDisplay(url, requestId, key) {
  const link = `${url}/api/signatures/${requestId}`;
  const query = `?key=${encodeURIComponent(key)}`;
  const document = await fetch(`${link}/document${query}`);
  if (document.status !== 200) throw new Error(`the link could not fetch the document (${document.status})`);
  const bytes = new Uint8Array(await document.arrayBuffer());
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  await api(url, `/api/signatures/${requestId}/viewed${query}`, null, {
    method: 'POST',
    body: JSON.stringify({
      documentSha256: createHash('sha256').update(bytes).digest('hex'),
      pageCount: pdf.getPageCount(),
      renderedAt: new Date().toISOString(),
    }),
  });
}

/**
 * The signatory's side of a one-signatory request through the real endpoints (link and code read from the
 * outbox), then the wait for the seal.
 */
export async function signThroughApi(url, adminToken, memberToken, { request, signatory }) {
  const mail = (await outbox(url, adminToken, signatory.email)).find((m) => /key=([\w%-]+)/.test(m.body));
  if (!mail) throw new Error(`no signing link was e-mailed to ${signatory.email}`);
  const key = decodeURIComponent(/key=([\w%-]+)/.exec(mail.body)[1]);
  const path = `/api/signatures/${request.id}/otp?key=${encodeURIComponent(key)}`;
  // A code is sent only to a link that received and displayed the document, as the signing page does.
  await receiveAndDisplay(url, request.id, key);
  await api(url, path, null);
  const sms = (await outbox(url, adminToken, signatory.mobile)).find((m) => m.channel === 'sms');
  const code = /^([0-9A-Z]{8})\b/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was texted to ${signatory.mobile}`);
  await api(url, path, null, {
    method: 'POST',
    body: JSON.stringify({ code, location: 'Luxembourg', phoneNumber: signatory.mobile, consents: CONSENTS }),
  });
  const deadline = Date.now() + 120_000;
  while ((await api(url, `/api/signatures/${request.id}`, memberToken)).status !== 'SIGNED') {
    if (Date.now() > deadline) throw new Error('the request was never sealed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The sealed PDF of a signed request, downloaded as the member would. */
export async function downloadSealed(url, memberToken, requestId) {
  const { documentUrl } = await api(url, `/api/signatures/${requestId}/download`, memberToken);
  const sealed = await fetch(new URL(documentUrl, url));
  if (sealed.status !== 200)
    throw new Error(`the sealed document could not be downloaded (${sealed.status})`);
  return Buffer.from(await sealed.arrayBuffer());
}

/** The signing link of the newest invitation e-mailed to `email`, on the product's address. */
export async function invitationLink(url, adminToken, email) {
  for (const message of await outbox(url, adminToken, email)) {
    const match = /\/sign\/[0-9a-f-]{36}\?key=[\w%-]+/.exec(message.body);
    if (match) return `${url}${match[0]}`;
  }
  throw new Error(`no signing link was e-mailed to ${email}`);
}

/** The newest code texted to the mobile: the SMS starts with it. */
export async function smsCode(url, adminToken, mobile) {
  const sms = (await outbox(url, adminToken, mobile)).find((message) => message.channel === 'sms');
  const code = /^([0-9A-Z]{8})\b/.exec(sms?.body ?? '')?.[1];
  assert.ok(code, `no code texted to ${mobile}`);
  return code;
}
