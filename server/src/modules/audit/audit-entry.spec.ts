import { type AuditEventType } from '@esign/shared';
import { canonicalJson } from './audit-chain';
import { type AuditEntry } from './audit.service';

/** What `AuditService.record` takes: the compiler checks the details against the type their event declares. */
const entry = <E extends AuditEventType>(value: AuditEntry<E>): AuditEntry<E> => value;

const actor = { type: 'SIGNATORY', id: 'anne', name: 'Anne Muller' } as const;
const sha = 'a'.repeat(64);

describe('an audit entry', () => {
  it('takes the details its event declares, stored as they always were', () => {
    const view = entry({
      requestId: 'request',
      event: 'VIEW_DOCUMENT',
      actor,
      details: {
        signatoryId: 'anne',
        deliveryId: '7',
        documentSha256: sha,
        current: true,
        pageCount: 4,
        renderedAt: '2026-03-05T09:03:01.000Z',
      },
    });
    const seen = entry({ requestId: 'request', event: 'VIEW', actor });
    expect(canonicalJson(view.details)).toBe(
      `{"current":true,"deliveryId":"7","documentSha256":"${sha}","pageCount":4,` +
        `"renderedAt":"2026-03-05T09:03:01.000Z","signatoryId":"anne"}`,
    );
    expect(seen.details).toBeUndefined();
  });

  it('refuses, at compile time, a misspelt, missing or mistyped evidence field', () => {
    const refused = [
      entry({
        requestId: 'request',
        event: 'VIEW_DOCUMENT',
        actor,
        details: {
          signatoryId: 'anne',
          deliveryId: '7',
          documentSha256: sha,
          current: true,
          // @ts-expect-error a misspelt key: the page count would silently be missing from the evidence
          pageCont: 4,
          renderedAt: '2026-03-05T09:03:01.000Z',
        },
      }),
      entry({
        requestId: 'request',
        event: 'DELIVER_DOCUMENT',
        actor,
        // @ts-expect-error DELIVER_DOCUMENT records whether the last byte left (`complete`): never left out
        details: {
          signatoryId: 'anne',
          deliveryId: '7',
          documentSha256: sha,
          bytes: 10,
          revision: 0,
          final: false,
        },
      }),
      entry({
        requestId: 'request',
        event: 'SEAL',
        actor: { type: 'SYSTEM', id: null, name: 'system' },
        // @ts-expect-error the sealed file's hash is text
        details: { finalSha256: 42 },
      }),
      // @ts-expect-error an event that records nothing takes no details
      entry({ requestId: 'request', event: 'CANCEL', actor, details: { reason: 'changed my mind' } }),
      entry({
        requestId: 'request',
        event: 'VIEW_DOCUMENT',
        actor,
        details: {
          signatoryId: 'anne',
          deliveryId: '7',
          documentSha256: sha,
          current: true,
          pageCount: 4,
          renderedAt: '2026-03-05T09:03:01.000Z',
          // @ts-expect-error a field of another event (DELIVER_DOCUMENT's) is no field of this one
          bytes: 10,
        },
      }),
    ];
    expect(refused).toHaveLength(5);
  });
});
