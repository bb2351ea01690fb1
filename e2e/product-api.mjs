// @ts-check
// Driving the running product through its API, as the browser journeys need before they open a page: the
// shared API client (@esign/api-client), in the journeys' terms (the product's address and a token). The
// development outbox is where the journeys read what the product sent.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApiClient,
  codeTextedTo,
  createMember as createMemberThroughApi,
  devOutbox,
  invitationTo,
  placedSignatories,
  signAs,
  signatureRequestInput,
  temporaryPasswordSentTo,
} from '@esign/api-client';

/** @import { MemberSession, Person, QueryValue } from '@esign/api-client' */
/** @import { Locale, SignatureRequestView } from '@esign/shared' */

/** A 4-page PDF from another producer: what the journeys upload. */
export const SAMPLE_PDF = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'pdfs',
  'pdflatex-4-pages.pdf',
);

/**
 * The product at `url`, as `token` calls it (nobody's without one).
 * @param {string} url
 * @param {string | null} [token]
 */
export function client(url, token) {
  return new ApiClient(url, token ?? undefined);
}

/**
 * A call the client has no method of its own for: JSON in and out, any 2xx expected (else an ApiError). The
 * caller says what it reads back.
 * @template [T=unknown]
 * @param {string} url
 * @param {string} path
 * @param {string | null} [token]
 * @param {{ method?: string, json?: unknown, query?: Record<string, QueryValue> }} [init]
 * @returns {Promise<T>}
 */
export function api(url, path, token, { method = 'GET', json, query } = {}) {
  return client(url, token).json(method, path, { json, query });
}

/**
 * The newest e-mails and SMS sent to an address, from the development outbox.
 * @param {string} url
 * @param {string} adminToken
 * @param {string} to
 */
export function outbox(url, adminToken, to) {
  return client(url, adminToken).outbox(to);
}

/**
 * The temporary password of the welcome e-mail the administrator's creation of `email` sent.
 * @param {string} url
 * @param {string} adminToken
 * @param {string} email
 */
export function temporaryPassword(url, adminToken, email) {
  return temporaryPasswordSentTo(devOutbox(client(url, adminToken)), email);
}

/**
 * A member as the back office makes one: created by the administrator (the company named after the member),
 * first password set through the pool's challenge, consent given.
 * @param {string} url
 * @param {string} adminToken
 * @param {{ name: string, email: string, mobile: string, password: string }} member
 * @returns {Promise<MemberSession>}
 */
export function createMember(url, adminToken, member) {
  return createMemberThroughApi(client(url, adminToken), {
    name: member.name,
    email: member.email,
    mobile: member.mobile,
    password: member.password,
    additionalInfo: { company: { name: member.name } },
  });
}

/**
 * Uploads a PDF as the back office does (an upload address, the PUT, then the checks); its document id.
 * @param {string} url
 * @param {string} token
 */
export async function uploadPdf(
  url,
  token,
  bytes = new Uint8Array(readFileSync(SAMPLE_PDF)),
  fileName = 'compromis.pdf',
) {
  return (await client(url, token).uploadPdf(bytes, fileName)).documentId;
}

/**
 * @typedef {object} RequestOptions
 * @property {string} title
 * @property {Person} [signatory] the one signatory,
 * @property {readonly Person[]} [signatories] or several
 * @property {Locale} [language]
 * @property {number} [page] where the blocks go
 */

/**
 * A SIMPLE request on a stored document, as the wizard sends it; the request's view. One `signatory`, or
 * several `signatories`, placed on `page` in the bottom corners, right then left.
 * @param {string} url
 * @param {string} token
 * @param {string} documentId
 * @param {RequestOptions} options
 * @returns {Promise<SignatureRequestView>}
 */
export function createRequest(url, token, documentId, options) {
  const { title, signatory, signatories = signatory ? [signatory] : [], language = 'fr', page = 1 } = options;
  const input = signatureRequestInput(documentId, {
    signatureTitle: title,
    language,
    signatories: placedSignatories(signatories, { page, corners: ['bottom-right', 'bottom-left'] }),
  });
  return client(url, token).createSignatureRequest(input);
}

/**
 * The signatory's side of a one-signatory request through the real endpoints (link and code read from the
 * outbox), then the wait for the seal.
 * @param {string} url
 * @param {string} adminToken
 * @param {string} memberToken
 * @param {{ request: { id: string }, signatory: Person }} signing
 */
export async function signThroughApi(url, adminToken, memberToken, { request, signatory }) {
  await signAs(url, devOutbox(client(url, adminToken)), request.id, signatory);
  await client(url, memberToken).waitForStatus(request.id, 'SIGNED');
}

/**
 * The sealed PDF of a signed request, downloaded as the member would.
 * @param {string} url
 * @param {string} memberToken
 * @param {string} requestId
 */
export async function downloadSealed(url, memberToken, requestId) {
  return Buffer.from(await client(url, memberToken).downloadSigned(requestId));
}

/**
 * The signing link of the newest invitation e-mailed to `email`, on the product's address.
 * @param {string} url
 * @param {string} adminToken
 * @param {string} email
 */
export async function invitationLink(url, adminToken, email) {
  return `${url}${(await invitationTo(devOutbox(client(url, adminToken)), email)).path}`;
}

/**
 * The newest code texted to the mobile: the SMS starts with it.
 * @param {string} url
 * @param {string} adminToken
 * @param {string} mobile
 */
export function smsCode(url, adminToken, mobile) {
  return codeTextedTo(devOutbox(client(url, adminToken)), mobile);
}
