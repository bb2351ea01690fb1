import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { receiveAndDisplay } from '../../e2e/product-api.mjs';
import { call, outbox } from './server.mjs';
import { SIGNATORY_KEYS, engine } from './dist.mjs';
import { median, min, ratio, round, timed } from './stats.mjs';

const LINK = /\/sign\/([0-9a-f-]{36})\?key=([\w%-]+)/;
const CONSENTS = {
  termsAndPrivacy: true,
  phoneNumberOwnership: true,
  documentConsent: true,
  legalParagraph: true,
};
let mobiles = 200_000 + Math.floor(Math.random() * 500_000);

function request(documentId, mode, run) {
  const signatories = [1, 2].map((order) => ({
    name: order === 1 ? 'Łukasz Żółć' : 'Anne Muller',
    email: `bench-${run}-${order}-${mode.toLowerCase()}@example.lu`,
    mobile: `+352621${(mobiles += 1)}`,
    order,
    placement: { page: 1, position: order === 1 ? 'bottom-left' : 'bottom-right' },
  }));
  return {
    signatureTitle: `Compromis ${run}`,
    documentType: 'CUSTOM',
    documentId,
    templateType: null,
    documentName: 'compromis.pdf',
    signingMode: mode,
    signingFlow: 'CONCURRENT',
    signatureSize: 'default',
    sealPage: 1,
    sealSize: 'default',
    language: 'fr',
    signatories,
  };
}

/**
 * A request with two signatories (so that the first signature does not start the seal) whose first
 * signatory has opened the link, received the document and been texted a code: what remains is the check.
 */
async function readyToSign(server, admin, member, documentId, mode, run) {
  const input = request(documentId, mode, run);
  const created = (
    await call(`${server.url}/api/signatures`, { method: 'POST', token: member.token, body: input })
  ).json;
  const [signatory] = input.signatories;
  const invitation = (await outbox(server, admin, signatory.email)).find((message) =>
    LINK.test(message.body),
  );
  const key = decodeURIComponent(LINK.exec(invitation.body)[2]);
  const base = `${server.url}/api/signatures/${created.id}`;
  await call(`${base}?key=${encodeURIComponent(key)}`);
  await receiveAndDisplay(server.url, created.id, key);
  await call(`${base}/otp?key=${encodeURIComponent(key)}`);
  const sms = (await outbox(server, admin, signatory.mobile)).find((message) => message.channel === 'sms');
  const code = /^([0-9A-Z]{8}) /.exec(sms.body)[1];
  return () =>
    call(`${base}/otp?key=${encodeURIComponent(key)}`, {
      method: 'POST',
      body: { code, location: 'Luxembourg', phoneNumber: signatory.mobile, consents: CONSENTS },
    });
}

/** Key generation and certificate issue, as the signing worker does them for one ADVANCED signature. */
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

/** ADVANCED code checks against SIMPLE ones on the same document, interleaved. */
export async function codeCheckBenchmark({ server, admin, member, dataDir, runs = 12 }) {
  const pdf = readFileSync(new URL('../../fixtures/pdfs/pdflatex-4-pages.pdf', import.meta.url));
  const { uploadPdf } = await import('./server.mjs');
  const documentId = await uploadPdf(server, member.token, pdf);
  const simple = [];
  const advanced = [];
  const total = runs + 2;
  for (let run = 0; run < total; run += 1) {
    simple.push(await readyToSign(server, admin, member, documentId, 'SIMPLE', run));
    advanced.push(await readyToSign(server, admin, member, documentId, 'ADVANCED', run));
  }
  const simpleMs = [];
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
      const [ms] = await timed(1, check);
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
