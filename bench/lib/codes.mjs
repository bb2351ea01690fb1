// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  codeTextedTo,
  devOutbox,
  invitedLink,
  placedSignatories,
  signatureRequestInput,
} from '@esign/api-client';

/** @import { MemberSession } from '@esign/api-client' */
/** @import { SigningMode } from '@esign/shared' */
import { client, uploadPdf } from './server.mjs';
import { SIGNATORY_KEYS, engine } from './dist.mjs';
import { median, min, ratio, round, timed } from './stats.mjs';

let mobiles = 200_000 + Math.floor(Math.random() * 500_000);

/**
 * @param {string} documentId
 * @param {import('@esign/shared').SigningMode} mode
 * @param {number} run
 */
function request(documentId, mode, run) {
  const people = [1, 2].map((order) => ({
    name: order === 1 ? 'Łukasz Żółć' : 'Anne Muller',
    email: `bench-${run}-${order}-${mode.toLowerCase()}@example.lu`,
    mobile: `+352621${(mobiles += 1)}`,
  }));
  return signatureRequestInput(documentId, {
    signatureTitle: `Compromis ${run}`,
    signingMode: mode,
    language: 'fr',
    signatories: placedSignatories(people),
  });
}

/**
 * A request with two signatories (so that the first signature does not start the seal) whose first
 * signatory has opened the link, received the document and been texted a code: what remains is the check.
 * @param {{ url: string }} server
 * @param {string} admin the administrator's token
 * @param {MemberSession} member
 * @param {string} documentId
 * @param {SigningMode} mode
 * @param {number} run
 */
async function readyToSign(server, admin, member, documentId, mode, run) {
  const input = request(documentId, mode, run);
  const created = await client(server, member.token).createSignatureRequest(input);
  const [signatory] = input.signatories;
  if (!signatory) throw new Error('a request without signatories');
  const inbox = devOutbox(client(server, admin));
  const link = await invitedLink(server.url, inbox, signatory.email, created.id);
  await link.page();
  await link.receiveAndDisplay();
  await link.requestCode();
  const code = await codeTextedTo(inbox, signatory.mobile);
  return () => link.sign({ code, phoneNumber: signatory.mobile });
}

/**
 * Key generation and certificate issue, as the signing worker does them for one ADVANCED signature.
 * @param {string} dataDir
 * @param {number} runs
 */
async function keyAndCertificateMs(dataDir, runs) {
  const { loadDevelopmentPki, issueSignatoryCertificate } = engine();
  const ca = (await loadDevelopmentPki(join(dataDir, 'pki'))).certificateAuthority;
  const issue = () =>
    issueSignatoryCertificate(ca, {
      commonName: 'Łukasz Żółć',
      validityMinutes: 15,
      keyType: SIGNATORY_KEYS.type,
    });
  await issue();
  return timed(runs, issue);
}

/**
 * ADVANCED code checks against SIMPLE ones on the same document, interleaved.
 * @param {{ server: { url: string }, admin: string, member: MemberSession, dataDir: string, runs?: number }} setting
 */
export async function codeCheckBenchmark({ server, admin, member, dataDir, runs = 12 }) {
  const pdf = readFileSync(new URL('../../fixtures/pdfs/pdflatex-4-pages.pdf', import.meta.url));
  const documentId = await uploadPdf(server, member.token, pdf);
  const simple = [];
  const advanced = [];
  const total = runs + 2;
  for (let run = 0; run < total; run += 1) {
    simple.push(await readyToSign(server, admin, member, documentId, 'SIMPLE', run));
    advanced.push(await readyToSign(server, admin, member, documentId, 'ADVANCED', run));
  }
  /** @type {number[]} */
  const simpleMs = [];
  /** @type {number[]} */
  const advancedMs = [];
  for (let run = 0; run < total; run += 1) {
    // The first two of each warm the signing worker and the JIT; they are not counted.
    const pair =
      run % 2 === 0
        ? [
            ['simple', simple[run]],
            ['advanced', advanced[run]],
          ]
        : [
            ['advanced', advanced[run]],
            ['simple', simple[run]],
          ];
    for (const [kind, check] of pair) {
      if (typeof check !== 'function') throw new Error(`no ${kind} request ${run}`);
      const [ms = NaN] = await timed(1, check);
      if (run >= 2) (kind === 'simple' ? simpleMs : advancedMs).push(ms);
    }
  }
  const keyMs = await keyAndCertificateMs(dataDir, runs);
  const advancedMedian = median(advancedMs);
  return {
    document: 'fixtures/pdfs/pdflatex-4-pages.pdf',
    bytes: pdf.length,
    checks: runs,
    simpleMs: { min: round(min(simpleMs), 1), median: round(median(simpleMs), 1) },
    advancedMs: { min: round(min(advancedMs), 1), median: round(advancedMedian, 1) },
    advancedVsSimple: ratio(advancedMedian, median(simpleMs)),
    keyAndCertificateMs: { min: round(min(keyMs), 2), median: round(median(keyMs), 2) },
    keyAndCertificateShare: ratio(median(keyMs), advancedMedian),
  };
}
