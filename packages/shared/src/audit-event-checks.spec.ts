import { isAuditEvent, isRecordedAuditEvent, type FieldCheck } from './audit-event-checks';
import { type AuditEventView } from './signatures';

function stored(event: string, details: object): AuditEventView {
  return {
    seq: 1,
    event,
    actorType: 'SIGNATORY',
    actorName: 'Anne Muller',
    createdAt: '2026-03-05T09:03:01.000Z',
    ip: null,
    userAgent: null,
    details,
    hash: 'a'.repeat(64),
  };
}

const sha = 'c'.repeat(64);
const delivery = {
  signatoryId: 'anne',
  deliveryId: '7',
  documentSha256: sha,
  bytes: 1234,
  revision: 0,
  final: false,
  complete: true,
};

describe('reading an audit event', () => {
  it('narrows an event whose details have their declared types, and reads them by name', () => {
    const event = stored('DELIVER_DOCUMENT', delivery);
    expect(isAuditEvent(event, 'DELIVER_DOCUMENT')).toBe(true);
    expect(isAuditEvent(event, 'VIEW_DOCUMENT')).toBe(false);
    if (!isAuditEvent(event, 'DELIVER_DOCUMENT')) throw new Error('not narrowed');
    expect(event.details.bytes).toBe(1234);
    // @ts-expect-error a misspelt evidence key does not compile
    expect(event.details.byte).toBeUndefined();
    // The details stay the stored object, exactly as chained.
    expect(event.details).toBe(delivery);
  });

  it('tolerates what older versions wrote: fields missing, and fields since dropped', () => {
    const { final: _final, ...beforeFinal } = delivery;
    expect(isAuditEvent(stored('DELIVER_DOCUMENT', beforeFinal), 'DELIVER_DOCUMENT')).toBe(true);
    expect(isAuditEvent(stored('DELIVER_DOCUMENT', { ...delivery, chunk: 3 }), 'DELIVER_DOCUMENT')).toBe(
      true,
    );
    expect(isAuditEvent(stored('VIEW', {}), 'VIEW')).toBe(true);
  });

  it('does not read a field of another type than declared, nor a value outside a closed set', () => {
    for (const details of [
      { ...delivery, bytes: '1234' },
      { ...delivery, complete: 'yes' },
      { ...delivery, documentSha256: null },
      { ...delivery, bytes: Number.NaN },
    ]) {
      expect(isAuditEvent(stored('DELIVER_DOCUMENT', details), 'DELIVER_DOCUMENT')).toBe(false);
    }
    expect(isAuditEvent(stored('DELIVER_DOCUMENT', [delivery]), 'DELIVER_DOCUMENT')).toBe(false);
    const failed = { signatoryId: 'anne', reason: 'cancelled', transactionId: 't' };
    expect(isAuditEvent(stored('QUALIFIED_FAILED', failed), 'QUALIFIED_FAILED')).toBe(true);
    expect(isAuditEvent(stored('QUALIFIED_FAILED', { ...failed, reason: 'bored' }), 'QUALIFIED_FAILED')).toBe(
      false,
    );
  });

  it('checks nested values too: the signatories of a request, the consents of a signature', () => {
    const content = {
      title: 'Compromis',
      documentName: 'compromis.pdf',
      documentSha256: sha,
      signingMode: 'SIMPLE',
      signingFlow: 'SEQUENCE',
      expiresAt: '2026-04-05T09:03:01.000Z',
      signatories: [{ order: 1, name: 'Anne', email: 'anne@example.lu', mobile: '+352621000111' }],
    };
    expect(isAuditEvent(stored('CREATE', content), 'CREATE')).toBe(true);
    const withRole = { ...content, signatories: [{ ...content.signatories[0], role: 'Témoin' }] };
    expect(isAuditEvent(stored('UPDATE', withRole), 'UPDATE')).toBe(true);
    const noMobile = { ...content, signatories: [{ order: 1, name: 'Anne', email: 'anne@example.lu' }] };
    expect(isAuditEvent(stored('CREATE', noMobile), 'CREATE')).toBe(false);
    const consents = {
      termsAndPrivacy: true,
      phoneNumberOwnership: true,
      documentConsent: true,
      legalParagraph: true,
      textVersion: '2026-11',
      acceptedAt: '2026-03-05T09:03:01.000Z',
    };
    const signature = {
      signatoryId: 'anne',
      signingMode: 'SIMPLE',
      documentSha256: sha,
      deliveryId: '7',
      deliveredSha256: sha,
      location: 'Differdange',
      consents,
      phone: '+352621000111',
    };
    expect(isAuditEvent(stored('SIGN_DOCUMENT', signature), 'SIGN_DOCUMENT')).toBe(true);
    const unticked = { ...signature, consents: { ...consents, legalParagraph: 'yes' } };
    expect(isAuditEvent(stored('SIGN_DOCUMENT', unticked), 'SIGN_DOCUMENT')).toBe(false);
  });

  it('keeps a newer version’s event unread, to be shown by its stored name', () => {
    const newer = stored('NOTARISED', { notary: 'Maître Weber' });
    expect(isRecordedAuditEvent(newer)).toBe(false);
    expect(isRecordedAuditEvent(stored('SEAL', { finalSha256: sha }))).toBe(true);
  });

  it('lets a test of the event read each event’s own fields', () => {
    const event = stored('EXTEND', { previousExpiresAt: 'a', expiresAt: 'b', days: 5 });
    if (!isRecordedAuditEvent(event)) throw new Error('not narrowed');
    if (event.event !== 'EXTEND') throw new Error(`unexpected ${event.event}`);
    expect(event.details.days).toBe(5);
    // @ts-expect-error EXTEND records days, not a reason
    expect(event.details.reason).toBeUndefined();
  });

  it('has a check of every kind a field can take, no more and no fewer', () => {
    const nullable: FieldCheck<string | null> = { string: true, null: true };
    // @ts-expect-error a check that forgot null would refuse every row that stores one
    const forgotNull: FieldCheck<string | null> = { string: true };
    // @ts-expect-error a check of a kind the field cannot take
    const extraKind: FieldCheck<number> = { number: true, string: true };
    expect([nullable, forgotNull, extraKind]).toHaveLength(3);
  });
});
