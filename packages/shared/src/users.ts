import type { Locale } from './locales';

export const ADMIN_GROUP = 'Admin';
/** Handled like an administrator for the dashboard and the redirect after sign-in (spec §6). */
export const GROUP_MEMBER_ROLE = 'GroupMember';

export interface AdditionalInfo {
  email?: string | null;
  address?: {
    addressLine1?: string | null;
    addressLine2?: string | null;
    city?: string | null;
    country?: string | null;
    stateOrRegion?: string | null;
    postalCode?: string | null;
  };
  company?: {
    name?: string | null;
    vatNumber?: string | null;
    registrationNumber?: string | null;
    nationalRegistrationNumber?: string | null;
  };
}

/** A user as the API shows it (`/users/me`, `/verify_token`, `/users/{id}`). */
export interface UserView {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  language: Locale;
  logoUrl: string | null;
  thumbnailUrl: string | null;
  isDisabled: boolean;
  gdprApprovedAt: string | null;
  groups: string[];
  role: 'ADMIN' | 'GROUP_MEMBER' | 'MEMBER';
  additionalInfo: AdditionalInfo;
  createdAt: string;
}

export function hasAdminRights(user: Pick<UserView, 'groups' | 'role'>): boolean {
  return user.groups.includes(ADMIN_GROUP) || user.role === 'ADMIN' || user.role === 'GROUP_MEMBER';
}
