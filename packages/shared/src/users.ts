import type { AgencyRole } from './agencies';
import type { Locale } from './locales';

export const ADMIN_GROUP = 'Admin';
/** Handled like an administrator for the dashboard and the redirect after sign-in. */
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

/** "L-1611 Luxembourg": an account's postcode and town; a four-digit (Luxembourg) code gets its `L-`. */
export function postalTown(address: AdditionalInfo['address']): string {
  const code = address?.postalCode?.trim() ?? '';
  const postal = /^\d{4}$/.test(code) ? `L-${code}` : code;
  return [postal, address?.city?.trim()].filter(Boolean).join(' ');
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
  /** The member's agency; null for administrators and group members. */
  agencyId: string | null;
  /** The member's role in their agency; null for administrators and group members. */
  agencyRole: AgencyRole | null;
}

export function hasAdminRights(user: Pick<UserView, 'groups' | 'role'>): boolean {
  return user.groups.includes(ADMIN_GROUP) || user.role === 'ADMIN' || user.role === 'GROUP_MEMBER';
}

/** Body of `POST /users` (admin) and `POST|PUT /users/{id}`. Unknown fields are refused. */
export interface UserInput {
  name: string;
  email: string;
  mobile: string;
  language: Locale;
  additionalInfo?: AdditionalInfo;
}

export const USER_STATUS_FILTERS = ['active', 'disabled'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** E-mail domains refused for accounts unless REJECTED_EMAIL_DOMAINS says otherwise. */
export const DEFAULT_REJECTED_EMAIL_DOMAINS = [
  'hotmail.fr',
  'hotmail.de',
  'live.fr',
  'live.de',
  'outlook.fr',
  'outlook.de',
];

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
