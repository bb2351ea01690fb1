import type { AdditionalInfo, AgencyRole, Locale } from '@esign/shared';
import type { ApiClient } from './api-client';
import { devOutbox, temporaryPasswordSentTo, type Inbox } from './outbox';
import { UserPool } from './user-pool';

export interface NewMember {
  name: string;
  email: string;
  /** A Luxembourg mobile by default. */
  mobile?: string;
  /** French by default. */
  language?: Locale;
  additionalInfo?: AdditionalInfo;
  /** The password the member chooses at the first sign-in. */
  password: string;
}

/** A member signed in: the account's id and an ID token for `Authorization: Bearer`. */
export interface MemberSession {
  id: string;
  email: string;
  token: string;
}

/**
 * A member made the way it happens in production: the administrator creates the account, the member signs in
 * through the pool with the e-mailed temporary password (read from `inbox`, the development outbox by
 * default), chooses a password, and consents.
 */
export async function createMember(
  admin: ApiClient,
  member: NewMember,
  inbox: Inbox = devOutbox(admin),
): Promise<MemberSession> {
  const created = await admin.createUser({
    name: member.name,
    email: member.email,
    mobile: member.mobile ?? '621 123 456',
    language: member.language ?? 'fr',
    ...(member.additionalInfo ? { additionalInfo: member.additionalInfo } : {}),
  });
  return { id: created.id, email: member.email, token: await firstSignIn(admin, member, inbox) };
}

/** Someone a manager invites to their agency, with the password they choose at the first sign-in. */
export interface NewStaffMember {
  name: string;
  email: string;
  /** A Luxembourg mobile by default. */
  mobile?: string;
  /** French by default. */
  language?: Locale;
  role: AgencyRole;
  password: string;
}

/**
 * Someone of an agency made the way it happens in production: a manager invites them, they sign in with the
 * e-mailed temporary password, choose a password, and consent. `inbox` reads the welcome e-mail (the
 * development outbox, which administrators read, by default through `admin`).
 */
export async function inviteStaff(
  manager: ApiClient,
  person: NewStaffMember,
  inbox: Inbox,
): Promise<MemberSession> {
  const created = await manager.inviteStaff({
    name: person.name,
    email: person.email,
    mobile: person.mobile ?? '621 123 456',
    language: person.language ?? 'fr',
    role: person.role,
  });
  return { id: created.id, email: person.email, token: await firstSignIn(manager, person, inbox) };
}

/** The first sign-in of a new account: the temporary password, the new one, the consent; its ID token. */
async function firstSignIn(
  client: ApiClient,
  person: { email: string; password: string },
  inbox: Inbox,
): Promise<string> {
  const temporary = await temporaryPasswordSentTo(inbox, person.email);
  const pool = await UserPool.of(client.baseUrl);
  const first = await pool.initiateAuth(person.email, temporary);
  if (first.ChallengeName !== 'NEW_PASSWORD_REQUIRED' || !first.Session) {
    throw new Error(`${person.email}'s first sign-in asked for no new password`);
  }
  const token = await pool.completeNewPassword(person.email, first.Session, person.password);
  await client.as(token).approveGdpr();
  return token;
}
