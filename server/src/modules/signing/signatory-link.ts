import { ErrorCode } from '@esign/shared';
import { type EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { SignatoryEntity } from '../signatures/signatory.entity';
import { SignatureRequestEntity } from '../signatures/signature-request.entity';
import { matchLinkKey } from '../signatures/signing-link-keys';
import { isUuid } from '../../common/uuid';

const KEY = /^[\w-]{20,100}$/;

export interface SigningParty {
  request: SignatureRequestEntity;
  signatory: SignatoryEntity;
  signatories: SignatoryEntity[];
}

/**
 * The request and signatory a signing link opens. An unknown request, a wrong or voided key (a cancelled
 * request voids them all) all give the same 404: "nothing to sign", with nothing to tell them apart.
 * `lock` takes the request row for update, which serialises everything that changes one document.
 */
export async function resolveSigningLink(
  manager: EntityManager,
  requestId: string,
  key: string | undefined,
  lock = false,
): Promise<SigningParty> {
  const nothingToSign = new AppException(ErrorCode.NOT_FOUND);
  if (!isUuid(requestId) || !key || !KEY.test(key)) throw nothingToSign;
  const query = manager
    .getRepository(SignatureRequestEntity)
    .createQueryBuilder('r')
    .where('r.id = :requestId', {
      requestId,
    });
  if (lock) query.setLock('pessimistic_write');
  const request = await query.getOne();
  const signatories = await manager
    .getRepository(SignatoryEntity)
    .createQueryBuilder('s')
    .addSelect('s.keyHash')
    .where('s.request_id = :requestId', { requestId })
    .orderBy('s.sign_order', 'ASC')
    .getMany();
  const signatory = matchLinkKey(signatories, key);
  if (!request || !signatory) throw nothingToSign;
  return { request, signatory, signatories };
}

/** In a SEQUENCE flow, a signatory may sign once everyone before them has. */
export function isTurnOf(party: SigningParty): boolean {
  if (party.request.signingFlow === 'CONCURRENT') return true;
  return party.signatories.filter((s) => s.order < party.signatory.order).every((s) => s.status === 'SIGNED');
}
