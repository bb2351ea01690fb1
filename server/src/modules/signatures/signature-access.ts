import { ErrorCode } from '@esign/shared';
import { type EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { type AuditActor } from '../audit/audit.service';
import { type AuthenticatedUser, isAdmin } from '../users/authenticated-user';
import { type UserEntity } from '../users/user.entity';
import { type ClientInfo } from '../../common/client-info.decorator';
import { SignatureRequestEntity } from './signature-request.entity';
import { isUuid } from '../../common/uuid';

/** The name members are known by to signatories: their company, else their own name. */
export function senderName(user: UserEntity): string {
  return user.additionalInfo.company?.name?.trim() || user.name.trim() || user.email;
}

export function actorOf(caller: AuthenticatedUser, client: ClientInfo): AuditActor {
  return {
    type: isAdmin(caller) ? 'ADMIN' : 'MEMBER',
    id: caller.user.id,
    name: caller.user.name.trim() || caller.user.email,
    ip: client.ip,
    userAgent: client.userAgent,
  };
}

/**
 * A request the caller may see: their own, or any for an administrator. Anything else is the same 404 as
 * a request that does not exist, so ids cannot be probed. `lock` takes the row for update.
 */
export async function findVisibleRequest(
  manager: EntityManager,
  caller: AuthenticatedUser,
  id: string,
  lock = false,
): Promise<SignatureRequestEntity> {
  const notFound = new AppException(ErrorCode.NOT_FOUND);
  if (!isUuid(id)) throw notFound;
  const request = await manager.findOne(SignatureRequestEntity, {
    where: isAdmin(caller) ? { id } : { id, ownerId: caller.user.id },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!request) throw notFound;
  return request;
}

/** Administrators see every request but change none (requests belong to members). */
export function assertMemberWrite(caller: AuthenticatedUser): void {
  if (isAdmin(caller)) throw new AppException(ErrorCode.FORBIDDEN);
}
