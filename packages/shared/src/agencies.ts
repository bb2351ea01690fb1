import { type Locale } from './locales';
import { type AdditionalInfo } from './users';

/**
 * A person's place in their agency: a `MANAGER` sees and acts on every request of the agency, manages its
 * staff and sees its costs; an `AGENT` sees and acts on the requests they created or are in charge of.
 */
export const AGENCY_ROLES = ['MANAGER', 'AGENT'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

/** `GET /agency`: the caller's agency, its company data, how many people it has, and the caller's role. */
export interface AgencyView {
  id: string;
  name: string;
  company: AdditionalInfo;
  /** Its people, active or deactivated. */
  staffCount: number;
  role: AgencyRole;
}

/** One person of the agency, as `GET /agency/staff` lists them. */
export interface StaffMemberView {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  language: Locale;
  role: AgencyRole;
  isDisabled: boolean;
  /** Whether they have given the data-protection consent (that is, completed their first sign-in). */
  gdprApprovedAt: string | null;
  createdAt: string;
}

/** Body of `POST /agency/staff`: someone invited to the agency, who receives the welcome e-mail. */
export interface StaffInput {
  name: string;
  email: string;
  mobile: string;
  language: Locale;
  role: AgencyRole;
}

/** Body of `POST /agency/staff/{id}`: a new role. */
export interface StaffRoleInput {
  role: AgencyRole;
}

/** Body of `POST /signatures/{id}/assignee`: the person of the agency now in charge of the request. */
export interface AssigneeInput {
  userId: string;
}
