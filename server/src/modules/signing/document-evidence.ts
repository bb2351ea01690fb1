import { type AuditEventView } from '@esign/shared';

/** What one signatory's link received and displayed before they signed, as the audit trail records it. */
export interface DocumentEvidence {
  /** The last complete delivery of the document to their link before they signed. */
  delivered: { at: string; sha256: string; bytes: number } | null;
  /** The last time their page reported the document rendered before signing. */
  viewed: { at: string; sha256: string; pageCount: number } | null;
  /**
   * The revision they approved by signing: the one their signature applies to (for ADVANCED, the revision
   * before their own signature was added; for SIMPLE, the original document).
   */
  signedRevisionSha256: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Reads, from the hash-chained events (the evidence itself), the delivery and the display of the document
 * to one signatory's link up to their signature.
 */
export function documentEvidence(trail: readonly AuditEventView[], signatoryId: string): DocumentEvidence {
  const own = [...trail]
    .filter((event) => event.details.signatoryId === signatoryId)
    .sort((a, b) => a.seq - b.seq);
  const signature = own.find((event) => event.event === 'SIGN_DOCUMENT');
  const before = signature ? own.filter((event) => event.seq < signature.seq) : own;
  const signedRevisionSha256 = signature
    ? (text(signature.details.previousRevisionSha256) ?? text(signature.details.documentSha256))
    : null;
  const delivery = before
    .filter(
      (event) =>
        event.event === 'DELIVER_DOCUMENT' && event.details.complete === true && event.details.final !== true,
    )
    .at(-1);
  const view = before.filter((event) => event.event === 'VIEW_DOCUMENT').at(-1);
  const deliveredSha = text(delivery?.details.documentSha256);
  const viewedSha = text(view?.details.documentSha256);
  const pages = count(view?.details.pageCount);
  return {
    delivered:
      delivery && deliveredSha
        ? { at: delivery.createdAt, sha256: deliveredSha, bytes: count(delivery.details.bytes) ?? 0 }
        : null,
    viewed:
      view && viewedSha && pages !== null
        ? { at: view.createdAt, sha256: viewedSha, pageCount: pages }
        : null,
    signedRevisionSha256,
  };
}
