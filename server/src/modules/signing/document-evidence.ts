import { isAuditEvent, type AuditEventOf, type AuditEventView } from '@esign/shared';

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

type EvidenceEvent = 'SIGN_DOCUMENT' | 'DELIVER_DOCUMENT' | 'VIEW_DOCUMENT';

/** The signatory's own events of one kind, their details checked (`isAuditEvent`), in the trail's order. */
function own<E extends EvidenceEvent>(
  trail: readonly AuditEventView[],
  name: E,
  signatoryId: string,
): AuditEventOf<E>[] {
  return trail
    .filter((event): event is AuditEventView & AuditEventOf<E> => isAuditEvent(event, name))
    .filter((event) => event.details.signatoryId === signatoryId)
    .sort((a, b) => a.seq - b.seq);
}

/**
 * Reads, from the hash-chained events (the evidence itself), the delivery and the display of the document
 * to one signatory's link up to their signature.
 */
export function documentEvidence(trail: readonly AuditEventView[], signatoryId: string): DocumentEvidence {
  const signature = own(trail, 'SIGN_DOCUMENT', signatoryId)[0];
  const before = <T extends { seq: number }>(events: T[]): T[] =>
    signature ? events.filter((event) => event.seq < signature.seq) : events;
  const signedRevisionSha256 = signature
    ? (signature.details.previousRevisionSha256 ?? signature.details.documentSha256 ?? null)
    : null;
  const delivery = before(own(trail, 'DELIVER_DOCUMENT', signatoryId))
    .filter((event) => event.details.complete === true && event.details.final !== true)
    .at(-1);
  const view = before(own(trail, 'VIEW_DOCUMENT', signatoryId)).at(-1);
  const deliveredSha = delivery?.details.documentSha256;
  const viewedSha = view?.details.documentSha256;
  const pages = view?.details.pageCount;
  return {
    delivered:
      delivery && deliveredSha
        ? { at: delivery.createdAt, sha256: deliveredSha, bytes: delivery.details.bytes ?? 0 }
        : null,
    viewed:
      view && viewedSha && pages !== undefined
        ? { at: view.createdAt, sha256: viewedSha, pageCount: pages }
        : null,
    signedRevisionSha256,
  };
}
