import { ADMIN_GROUP, type UserView } from '@esign/shared';
import { type UserEntity } from './user.entity';

/** Who is calling: the user row plus the groups their token carries. Set on the request by the auth guard. */
export interface AuthenticatedUser {
  user: UserEntity;
  groups: string[];
}

export function isAdmin(caller: AuthenticatedUser): boolean {
  return caller.user.role === 'ADMIN' || caller.groups.includes(ADMIN_GROUP);
}

export function toUserView(user: UserEntity, groups: string[]): UserView {
  const allGroups =
    user.role === 'ADMIN' && !groups.includes(ADMIN_GROUP) ? [...groups, ADMIN_GROUP] : groups;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    language: user.language,
    logoUrl: null,
    thumbnailUrl: null,
    isDisabled: user.isDisabled,
    gdprApprovedAt: user.gdprApprovedAt?.toISOString() ?? null,
    groups: allGroups,
    role: allGroups.includes(ADMIN_GROUP) ? 'ADMIN' : user.role,
    additionalInfo: user.additionalInfo,
    createdAt: user.createdAt.toISOString(),
    agencyId: user.agencyId,
    agencyRole: user.agencyRole,
  };
}
