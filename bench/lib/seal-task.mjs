import { load } from './dist.mjs';

const { buildAuditDocument, auditAttachmentJson } = load('modules/signing/pdf-work/audit-report.js');
const { signatureBlockLines } = load('modules/signing/pdf-work/signing-texts.js');
const { buildSealStamp } = load('modules/signing/seal-stamp.js');

export const SIGNATORIES = ['Łukasz Żółć', 'Élodie Müller-Schäfer', 'Jean-Paul Weber'];
const NOW = new Date('2026-11-23T11:00:00Z');
const REQUEST_ID = '00000000-0000-4000-8000-000000000001';

/** The ADVANCED signature task of signatory `slot` on `pdf`, as the signing worker receives it. */
export function advancedTask(pdf, slot) {
  const name = SIGNATORIES[slot];
  return {
    kind: 'advanced-sign',
    pdf,
    signatoryName: name,
    signatureSize: 'default',
    block: {
      placement: {
        page: 1,
        position: slot % 2 === 0 ? 'bottom-left' : 'bottom-right',
        slot: Math.floor(slot / 2),
      },
      lines: signatureBlockLines({ name, signedAt: NOW, location: 'Luxembourg' }, 'fr'),
    },
    reason: 'Signature électronique avancée',
    location: 'Luxembourg',
    signingTime: NOW,
  };
}

/** The seal task of a request whose three signatories signed: audit pages with their acts and 14 events. */
export async function sealTask(pdf) {
  const signatories = SIGNATORIES.map((name, index) => ({
    id: `00000000-0000-4000-8000-00000000001${index}`,
    name,
    email: `signataire-${index + 1}@example.lu`,
    mobile: `+35262112345${index}`,
    order: index + 1,
    page: 1,
    position: index % 2 === 0 ? 'bottom-left' : 'bottom-right',
    signedAt: NOW.toISOString(),
    location: 'Luxembourg',
    ip: '198.51.100.7',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    consents: {
      termsAndPrivacy: true,
      phoneNumberOwnership: true,
      documentConsent: true,
      legalParagraph: true,
      textVersion: '2026-11',
    },
    certificateSerial: '4f'.repeat(16),
    certificateFingerprint: 'a1'.repeat(32),
    document: { delivered: null, viewed: null, signedRevisionSha256: null },
  }));
  const events = [
    'CREATE',
    'VIEW',
    ...SIGNATORIES.flatMap(() => ['VIEW', 'REQUEST_OTP', 'POST_OTP', 'SIGN_DOCUMENT']),
  ];
  const auditTrail = events.map((event, index) => ({
    seq: index + 1,
    event,
    actorType: index < 2 ? 'MEMBER' : 'SIGNATORY',
    actorName: index < 2 ? 'Agence du Centre' : SIGNATORIES[Math.floor((index - 2) / 4)],
    createdAt: new Date(NOW.getTime() - (events.length - index) * 60_000).toISOString(),
    ip: '198.51.100.7',
    userAgent: 'Mozilla/5.0',
    details: {},
    hash: 'c0'.repeat(32),
  }));
  const input = {
    source: pdf,
    requestId: REQUEST_ID,
    title: 'Compromis de vente – 12 rue de la Gare, Luxembourg',
    documentName: 'compromis.pdf',
    language: 'fr',
    signingMode: 'ADVANCED',
    signatureSize: 'default',
    sealPage: 1,
    sealSize: 'default',
    documentSha256: '0'.repeat(64),
    senderName: 'Agence du Centre',
    signatories,
    auditTrail,
    auditChainValid: true,
    ownerLogoPng: null,
    sealedAt: NOW,
  };
  return {
    kind: 'seal',
    pdf,
    audit: buildAuditDocument(input),
    attachment: {
      fileName: 'audit-trail.json',
      description: 'Journal',
      json: auditAttachmentJson(input),
      createdAt: NOW,
    },
    simpleBlocks: [],
    signatureSize: 'default',
    seal: {
      page: 1,
      size: 'default',
      stamp: await buildSealStamp({
        chamberName: 'Chambre immobilière',
        caption: 'Cachet électronique',
        logoPng: null,
      }),
      name: 'Chambre immobilière',
      reason: 'Cachet électronique',
      signingTime: NOW,
      avoid: SIGNATORIES.map((_, slot) => ({
        page: 1,
        position: slot % 2 === 0 ? 'bottom-left' : 'bottom-right',
        slot: Math.floor(slot / 2),
      })),
    },
  };
}
