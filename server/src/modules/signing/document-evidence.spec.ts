import {
  isAuditEvent,
  type AuditEventOf,
  type AuditEventType,
  type AuditEventView,
  type StoredAuditDetails,
} from '@esign/shared';
import { documentEvidence } from './document-evidence';

const ANNE = '6f1c1d1e-0000-4000-8000-000000000001';
const PAUL = '6f1c1d1e-0000-4000-8000-000000000002';
let seq = 0;

function event<E extends AuditEventType>(
  name: E,
  createdAt: string,
  details: StoredAuditDetails<E>,
): AuditEventOf<E> {
  seq += 1;
  return {
    seq,
    event: name,
    actorType: 'SIGNATORY',
    actorName: 'x',
    createdAt,
    ip: '192.0.2.1',
    userAgent: null,
    details,
    hash: String(seq).padStart(64, '0'),
  };
}

describe('the document evidence of a signatory', () => {
  it('takes the last complete delivery and the last display before the signature, and the revision signed', () => {
    const [v0, v1] = ['0'.repeat(64), '1'.repeat(64)];
    const trail = [
      event('DELIVER_DOCUMENT', '2026-03-05T09:00:00.000Z', {
        signatoryId: PAUL,
        documentSha256: v0,
        complete: true,
        bytes: 10,
      }),
      event('DELIVER_DOCUMENT', '2026-03-05T09:01:00.000Z', {
        signatoryId: PAUL,
        documentSha256: v1,
        complete: false,
        bytes: 11,
      }),
      event('DELIVER_DOCUMENT', '2026-03-05T09:02:00.000Z', {
        signatoryId: PAUL,
        documentSha256: v1,
        complete: true,
        bytes: 11,
      }),
      event('DELIVER_DOCUMENT', '2026-03-05T09:03:00.000Z', {
        signatoryId: PAUL,
        documentSha256: v0,
        complete: true,
        bytes: 10,
      }),
      event('VIEW_DOCUMENT', '2026-03-05T09:03:01.000Z', {
        signatoryId: PAUL,
        documentSha256: v0,
        pageCount: 4,
      }),
      event('DELIVER_DOCUMENT', '2026-03-05T09:03:30.000Z', {
        signatoryId: ANNE,
        documentSha256: v1,
        complete: true,
        bytes: 11,
      }),
      event('SIGN_DOCUMENT', '2026-03-05T09:04:00.000Z', {
        signatoryId: PAUL,
        documentSha256: v0,
        previousRevisionSha256: v1,
      }),
      event('VIEW_DOCUMENT', '2026-03-05T09:05:00.000Z', {
        signatoryId: PAUL,
        documentSha256: v1,
        pageCount: 4,
      }),
    ];
    expect(documentEvidence(trail, PAUL)).toEqual({
      delivered: { at: '2026-03-05T09:03:00.000Z', sha256: v0, bytes: 10 },
      viewed: { at: '2026-03-05T09:03:01.000Z', sha256: v0, pageCount: 4 },
      signedRevisionSha256: v1,
    });
  });

  it('has nothing for a signatory whose link never received the document', () => {
    expect(documentEvidence([], ANNE)).toEqual({ delivered: null, viewed: null, signedRevisionSha256: null });
  });

  it('reads an event’s details once narrowed, by the names its event declares', () => {
    const view = event('VIEW_DOCUMENT', '2026-03-05T09:03:01.000Z', {
      signatoryId: PAUL,
      documentSha256: '0'.repeat(64),
      pageCount: 4,
    });
    const trail: AuditEventView[] = [view, { ...view, details: { signatoryId: PAUL, pageCount: '4' } }];
    // @ts-expect-error an event's details are read only once narrowed (isAuditEvent)
    expect(trail[0]?.details.pageCount).toBe(4);
    const shown = trail.filter((entry) => isAuditEvent(entry, 'VIEW_DOCUMENT'));
    expect(shown.map((entry) => entry.details.pageCount)).toEqual([4]);
    // @ts-expect-error a misspelt evidence key does not compile: the page count is never silently dropped
    expect(shown[0]?.details.pageCont).toBeUndefined();
    // A page count stored as text (no version writes one) is no evidence of what was shown.
    expect(documentEvidence(trail.slice(1), PAUL).viewed).toBeNull();
  });
});
