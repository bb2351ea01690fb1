import { isAuditEvent, isAuditEventType, type AuditEventView, type Locale } from '@esign/shared';
import type { AuditBlock, AuditDocument } from '@esign/pdf-signing';
import type { SealedSignatory, SealInput } from '../document-sealer';
import { auditReportTexts, type AuditReportTexts } from './audit-report-texts';
import { formatDisplayTime } from './signing-texts';

export const AUDIT_ATTACHMENT_NAME = 'audit-trail.json';
const NONE = '—';

/**
 * The human-readable evidence of spec and guide: the request, every signatory's act (who, when, where,
 * from which address and browser, how, with which consents and, for ADVANCED, which certificate), every
 * event of the hash-chained log, whether that chain verifies, and the legal note.
 */
export function buildAuditDocument(input: SealInput): AuditDocument {
  const texts = auditReportTexts(input.language);
  const time = (value: string | Date): string =>
    formatDisplayTime(value, input.language, { seconds: true }) || NONE;
  const blocks: AuditBlock[] = [
    { kind: 'title', text: texts.title },
    { kind: 'heading', text: texts.request },
    { kind: 'field', label: texts.requestTitle, value: input.title },
    { kind: 'field', label: texts.reference, value: input.requestId },
    { kind: 'field', label: texts.sender, value: input.senderName },
    { kind: 'field', label: texts.document, value: input.documentName },
    { kind: 'field', label: texts.documentSha256, value: input.documentSha256 },
    { kind: 'field', label: texts.signingMode, value: texts.modes[input.signingMode] },
    { kind: 'field', label: texts.sealedAt, value: time(input.sealedAt) },
    { kind: 'heading', text: texts.signatories },
    ...input.signatories.flatMap((signatory) => signatoryBlocks(signatory, texts, time)),
    { kind: 'heading', text: texts.events },
    ...input.auditTrail.map((event) => eventBlock(event, texts, time)),
    { kind: 'paragraph', text: texts.chain(input.auditChainValid) },
    { kind: 'paragraph', text: texts.attachment(AUDIT_ATTACHMENT_NAME) },
    { kind: 'heading', text: texts.legalTitle },
    { kind: 'paragraph', text: texts.legalNote },
    ...(input.signingMode === 'QUALIFIED'
      ? [{ kind: 'paragraph' as const, text: texts.qualifiedLegalNote }]
      : []),
  ];
  return { blocks, pageFooter: `${input.title} · ${texts.page}` };
}

function signatoryBlocks(
  signatory: SealedSignatory,
  texts: AuditReportTexts,
  time: (value: string) => string,
): AuditBlock[] {
  const field = (label: string, value: string | null | undefined): AuditBlock => ({
    kind: 'field',
    label,
    value: value?.trim() ? value : NONE,
  });
  const certificate = signatory.certificateSerial
    ? [
        field(texts.certificateSerial, signatory.certificateSerial),
        field(texts.certificateFingerprint, signatory.certificateFingerprint),
      ]
    : [];
  const { delivered, viewed, signedRevisionSha256 } = signatory.document;
  return [
    {
      kind: 'subheading',
      text: `${signatory.order}. ${signatory.name}${signatory.role ? ` — ${signatory.role}` : ''}`,
    },
    field(texts.email, signatory.email),
    field(texts.phone, signatory.mobile),
    field(texts.order, String(signatory.order)),
    field(texts.deliveredAt, delivered ? texts.deliveredValue(time(delivered.at), delivered.bytes) : null),
    field(texts.deliveredSha256, delivered?.sha256),
    field(texts.viewedAt, viewed ? texts.viewedValue(time(viewed.at), viewed.pageCount) : null),
    field(texts.viewedSha256, viewed?.sha256),
    field(texts.signedRevisionSha256, signedRevisionSha256),
    field(texts.signedAt, time(signatory.signedAt)),
    field(texts.location, signatory.location),
    field(texts.ip, signatory.ip),
    field(texts.userAgent, signatory.userAgent),
    field(texts.method, texts.oneTimeCodeBySms),
    ...certificate,
    field(texts.consents, consentSummary(signatory.consents, texts)),
  ];
}

/** The consents ticked, by name, with the version of their texts. */
export function consentSummary(consents: Record<string, unknown> | null, texts: AuditReportTexts): string {
  if (!consents) return NONE;
  const ticked = Object.entries(consents)
    .filter(([, value]) => value === true)
    .map(([key]) => texts.consentNames[key] ?? key);
  const version = typeof consents.textVersion === 'string' ? consents.textVersion : undefined;
  const names = ticked.length ? ticked.join(', ') : NONE;
  return version ? `${names} (${texts.textVersion(version)})` : names;
}

function eventBlock(
  event: AuditEventView,
  texts: AuditReportTexts,
  time: (value: string) => string,
): AuditBlock {
  // A newer version's event goes by its stored name.
  const name = isAuditEventType(event.event) ? texts.eventNames[event.event] : event.event;
  const parts = [name, event.actorName];
  // A reassignment names who is now in charge.
  if (isAuditEvent(event, 'ASSIGN') && event.details.assigneeName)
    parts.push(`→ ${event.details.assigneeName}`);
  if (event.ip) parts.push(`IP ${event.ip}`);
  return { kind: 'field', label: time(event.createdAt), value: parts.join(' — ') };
}

/** The attachment: the events exactly as chained (each with its hash), and whether the chain verified. */
export function auditAttachmentJson(input: SealInput): string {
  return JSON.stringify(
    {
      requestId: input.requestId,
      title: input.title,
      documentSha256: input.documentSha256,
      signingMode: input.signingMode,
      chainVerified: input.auditChainValid,
      sealedAt: input.sealedAt.toISOString(),
      events: input.auditTrail,
    },
    null,
    2,
  );
}

export function auditAttachmentDescription(language: Locale): string {
  return auditReportTexts(language).events;
}
