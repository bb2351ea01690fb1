import { ErrorCode } from '@esign/shared';
import { type EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { type SignatoryEntity } from '../signatures/signatory.entity';
import { type SignatureRequestEntity } from '../signatures/signature-request.entity';
import { type SignatureRequestStore } from '../signatures/signature-request-store';
import { matchLinkKey } from '../signatures/signing-link-keys';
import { isUuid } from '../../common/uuid';

const KEY = /^[\w-]{20,100}$/;

export interface SigningParty {
  request: SignatureRequestEntity;
  signatory: SignatoryEntity;
  signatories: SignatoryEntity[];
  /** Still open (INIT or IN_PROGRESS) but its expiry date has passed by the database's clock: closed. */
  pastExpiry: boolean;
}

/**
 * The request and signatory a signing link opens. An unknown request, a wrong or voided key (a cancelled
 * request voids them all) all give the same 404: "nothing to sign", with nothing to tell them apart.
 * `lock` takes the request row for update, which serialises everything that changes one document.
 */
export async function resolveSigningLink(
  requests: SignatureRequestStore,
  manager: EntityManager,
  requestId: string,
  key: string | undefined,
  lock = false,
): Promise<SigningParty> {
  const nothingToSign = new AppException(ErrorCode.NOT_FOUND);
  if (!isUuid(requestId) || !key || !KEY.test(key)) throw nothingToSign;
  const { request, signatories } = await requests.party(manager, requestId, { lock, withKeys: true });
  const signatory = matchLinkKey(signatories, key);
  if (!request || !signatory) throw nothingToSign;
  const open = request.status === 'INIT' || request.status === 'IN_PROGRESS';
  const [clock] = open
    ? await manager.query<{ past: boolean }[]>(`SELECT $1::timestamptz <= now() AS past`, [request.expiresAt])
    : [];
  return { request, signatory, signatories, pastExpiry: clock?.past === true };
}

/**
 * The same party, found by the signatory's id rather than by their link's key: for a step that continues
 * what the link's holder started (their return from a trust-service provider, matched by its OAuth state).
 */
export async function resolveSignatory(
  requests: SignatureRequestStore,
  manager: EntityManager,
  requestId: string,
  signatoryId: string,
  lock = false,
): Promise<SigningParty> {
  const { request, signatories } = await requests.party(manager, requestId, { lock });
  const signatory = signatories.find((candidate) => candidate.id === signatoryId);
  if (!request || !signatory) throw new AppException(ErrorCode.NOT_FOUND);
  const open = request.status === 'INIT' || request.status === 'IN_PROGRESS';
  const [clock] = open
    ? await manager.query<{ past: boolean }[]>(`SELECT $1::timestamptz <= now() AS past`, [request.expiresAt])
    : [];
  return { request, signatory, signatories, pastExpiry: clock?.past === true };
}

/**
 * A link whose request is closed for good by a decision rather than by the member: declined (by one of the
 * signatories) or expired. Everything the link is asked for then answers 410 with that reason and when, so
 * the page can say it clearly; an unknown link or a cancelled request stays a plain 404.
 */
export function assertNotClosed(party: SigningParty): void {
  const { request } = party;
  if (request.status === 'DECLINED') {
    throw new AppException(ErrorCode.REQUEST_DECLINED, undefined, {
      closedAt: (request.declinedAt ?? request.updatedAt).toISOString(),
      language: party.signatory.language ?? request.language,
      // Told to the link's holder only about themself: their page says "you declined", others' "a signatory".
      declinedByYou: request.declinedBy === party.signatory.id,
    });
  }
  if (request.status === 'EXPIRED' || party.pastExpiry) {
    throw new AppException(ErrorCode.REQUEST_EXPIRED, undefined, {
      // The deadline itself, which the page states, rather than when the sweep closed the request.
      closedAt: request.expiresAt.toISOString(),
      language: party.signatory.language ?? request.language,
    });
  }
}

/** In a SEQUENCE flow, a signatory may sign once everyone before them has. */
export function isTurnOf(party: SigningParty): boolean {
  if (party.request.signingFlow === 'CONCURRENT') return true;
  return party.signatories.filter((s) => s.order < party.signatory.order).every((s) => s.status === 'SIGNED');
}
