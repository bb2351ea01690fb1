import { ErrorCode } from '@esign/shared';
import { type EntityManager, type FindOptionsWhere, IsNull } from 'typeorm';
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
 * Which requests a caller sees: every one (an administrator), their agency's (its managers), or those they
 * created or are in charge of (an agent; a group member, who belongs to no agency).
 */
export type RequestScope =
  | { kind: 'everyone' }
  | { kind: 'agency'; agencyId: string }
  | { kind: 'person'; userId: string; agencyId: string | null };

export function requestScope(caller: AuthenticatedUser): RequestScope {
  if (isAdmin(caller)) return { kind: 'everyone' };
  const { id, agencyId, agencyRole } = caller.user;
  if (agencyId && agencyRole === 'MANAGER') return { kind: 'agency', agencyId };
  return { kind: 'person', userId: id, agencyId };
}

/**
 * A request the caller may see (see requestScope). Anything else is the same 404 as a request that does not
 * exist, so ids cannot be probed. `lock` takes the row for update. Every route that names a request by id
 * reads it here.
 */
export async function findVisibleRequest(
  manager: EntityManager,
  caller: AuthenticatedUser,
  id: string,
  lock = false,
): Promise<SignatureRequestEntity> {
  const notFound = new AppException(ErrorCode.NOT_FOUND);
  if (!isUuid(id)) throw notFound;
  const scope = requestScope(caller);
  const agencyId = scope.kind === 'everyone' ? undefined : (scope.agencyId ?? IsNull());
  const where: FindOptionsWhere<SignatureRequestEntity>[] =
    scope.kind === 'everyone'
      ? [{ id }]
      : scope.kind === 'agency'
        ? [{ id, agencyId }]
        : [
            { id, agencyId, ownerId: scope.userId },
            { id, agencyId, assigneeId: scope.userId },
          ];
  const request = await manager.findOne(SignatureRequestEntity, {
    where,
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!request) throw notFound;
  return request;
}

/** What only an agency's managers may do to its requests (an agent is refused, whatever they can see). */
export function assertAgencyManager(caller: AuthenticatedUser): string {
  const { agencyId, agencyRole } = caller.user;
  if (isAdmin(caller) || !agencyId || agencyRole !== 'MANAGER') throw new AppException(ErrorCode.FORBIDDEN);
  return agencyId;
}

/** Administrators see every request but change none (requests belong to members). */
export function assertMemberWrite(caller: AuthenticatedUser): void {
  if (isAdmin(caller)) throw new AppException(ErrorCode.FORBIDDEN);
}
