import { AUDIT_EVENTS, LOCALES, type AuditEventView } from '@esign/shared';
import type { SealedSignatory, SealInput } from '../document-sealer';
import type { AuditBlock } from '@esign/pdf-signing';
import { auditAttachmentJson, buildAuditDocument, consentSummary } from './audit-report';
import { auditReportTexts } from './audit-report-texts';

const SIGNATORY: SealedSignatory = {
  id: '6f1c1d1e-0000-4000-8000-000000000001',
  name: 'שרה לוי',
  email: 'sarah@example.lu',
  mobile: '+352621000111',
  order: 1,
  page: 1,
  position: 'bottom-left',
  frame: null,
  role: null,
  signedAt: '2026-03-05T09:15:00.000Z',
  location: 'Differdange',
  ip: '192.0.2.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  consents: { termsAndPrivacy: true, legalParagraph: true, documentConsent: false, textVersion: '2026-11' },
  certificateSerial: '4a1b',
  certificateFingerprint: 'f'.repeat(64),
  document: {
    delivered: { at: '2026-03-05T09:10:00.000Z', sha256: 'c'.repeat(64), bytes: 123456 },
    viewed: { at: '2026-03-05T09:10:02.000Z', sha256: 'c'.repeat(64), pageCount: 4 },
    signedRevisionSha256: 'c'.repeat(64),
  },
};

const EVENT: AuditEventView = {
  seq: 1,
  event: 'SIGN_DOCUMENT',
  actorType: 'SIGNATORY',
  actorName: 'שרה לוי',
  createdAt: '2026-03-05T09:15:00.000Z',
  ip: '192.0.2.7',
  userAgent: 'Mozilla/5.0',
  details: {},
  hash: 'a'.repeat(64),
};

function input(overrides: Partial<SealInput> = {}): SealInput {
  return {
    source: Buffer.alloc(0),
    requestId: '6f1c1d1e-0000-4000-8000-00000000000a',
    title: 'Compromis – 12 rue de la Gare',
    documentName: 'compromis.pdf',
    language: 'fr',
    signingMode: 'ADVANCED',
    signatureSize: 'default',
    sealPage: 1,
    sealSize: 'default',
    layout: null,
    documentSha256: 'b'.repeat(64),
    senderName: 'Agence du Nord',
    signatories: [SIGNATORY],
    auditTrail: [EVENT],
    auditChainValid: true,
    ownerLogoPng: null,
    sealedAt: new Date('2026-03-05T10:00:00.000Z'),
    ...overrides,
  };
}

const fields = (blocks: AuditBlock[]): Record<string, string[]> =>
  blocks.reduce<Record<string, string[]>>((all, block) => {
    if (block.kind === 'field') all[block.label] = [...(all[block.label] ?? []), block.value];
    return all;
  }, {});

describe('the audit document', () => {
  it('records the request and each signatory’s act, with the certificate of an ADVANCED signature', () => {
    const document = buildAuditDocument(input());
    const texts = auditReportTexts('fr');
    const byLabel = fields(document.blocks);
    expect(document.blocks[0]).toEqual({ kind: 'title', text: texts.title });
    expect(byLabel[texts.documentSha256]).toEqual(['b'.repeat(64)]);
    expect(byLabel[texts.sender]).toEqual(['Agence du Nord']);
    expect(byLabel[texts.signedAt]).toEqual(['05/03/2026 10:15:00 (UTC+1)']);
    expect(byLabel[texts.ip]).toEqual(['192.0.2.7']);
    expect(byLabel[texts.method]).toEqual(['code à usage unique envoyé par SMS']);
    expect(byLabel[texts.certificateSerial]).toEqual(['4a1b']);
    expect(byLabel[texts.certificateFingerprint]).toEqual(['f'.repeat(64)]);
    expect(byLabel[texts.consents]).toEqual([
      'conditions et vie privée, mention légale (version des textes 2026-11)',
    ]);
    expect(document.blocks).toContainEqual({ kind: 'subheading', text: '1. שרה לוי' });
  });

  it('lists every event with its time, name, actor and address, and says whether the chain verified', () => {
    const document = buildAuditDocument(input({ language: 'en', auditChainValid: false }));
    expect(document.blocks).toContainEqual({
      kind: 'field',
      label: '05/03/2026, 10:15:00 (UTC+1)',
      value: 'Document signed — שרה לוי — IP 192.0.2.7',
    });
    expect(document.blocks).toContainEqual({
      kind: 'paragraph',
      text: 'Hash chain of the event log: NOT verified.',
    });
    expect(document.pageFooter).toBe('Compromis – 12 rue de la Gare · Page {page} of {pages}');
  });

  it('says when each signatory’s link received and displayed the document, and its hash', () => {
    const byLabel = fields(buildAuditDocument(input()).blocks);
    const texts = auditReportTexts('fr');
    expect(byLabel[texts.deliveredAt]).toEqual(['05/03/2026 10:10:00 (UTC+1) (123456 octets)']);
    expect(byLabel[texts.deliveredSha256]).toEqual(['c'.repeat(64)]);
    expect(byLabel[texts.viewedAt]).toEqual(['05/03/2026 10:10:02 (UTC+1) (4 pages)']);
    expect(byLabel[texts.signedRevisionSha256]).toEqual(['c'.repeat(64)]);
    const never = { ...SIGNATORY, document: { delivered: null, viewed: null, signedRevisionSha256: null } };
    const none = fields(buildAuditDocument(input({ signatories: [never] })).blocks);
    expect(none[texts.deliveredAt]).toEqual(['—']);
    expect(none[texts.viewedAt]).toEqual(['—']);
  });

  it('has no certificate lines for a SIMPLE signature', () => {
    const simple = { ...SIGNATORY, certificateSerial: null, certificateFingerprint: null };
    const document = buildAuditDocument(input({ signingMode: 'SIMPLE', signatories: [simple] }));
    expect(fields(document.blocks)[auditReportTexts('fr').certificateSerial]).toBeUndefined();
  });

  it('cites eIDAS as amended and the Luxembourg law in every language', () => {
    for (const locale of LOCALES) {
      const texts = auditReportTexts(locale);
      expect(texts.legalNote).toMatch(/910\/2014/);
      expect(texts.legalNote).toMatch(/2024\/1183/);
      expect(texts.legalNote).toMatch(/14\.? (août|August) 2000/);
      expect(texts.legalNote).toMatch(/1322-1/);
      for (const event of AUDIT_EVENTS) expect(texts.eventNames[event]).toBeTruthy();
    }
  });

  it('summarises consents by name, and says so when there are none', () => {
    const texts = auditReportTexts('de');
    expect(consentSummary(null, texts)).toBe('—');
    expect(consentSummary({ phoneNumberOwnership: true, somethingNew: true }, texts)).toBe(
      'Inhaberschaft der Telefonnummer, somethingNew',
    );
  });

  it('attaches the events exactly as chained', () => {
    const json = JSON.parse(auditAttachmentJson(input())) as {
      events: AuditEventView[];
      chainVerified: boolean;
    };
    expect(json.events).toEqual([EVENT]);
    expect(json.chainVerified).toBe(true);
  });
});
