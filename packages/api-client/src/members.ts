import type { AdditionalInfo, Locale } from '@esign/shared';
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
  const temporary = await temporaryPasswordSentTo(inbox, member.email);
  const pool = await UserPool.of(admin.baseUrl);
  const first = await pool.initiateAuth(member.email, temporary);
  if (first.ChallengeName !== 'NEW_PASSWORD_REQUIRED' || !first.Session) {
    throw new Error(`${member.email}'s first sign-in asked for no new password`);
  }
  const token = await pool.completeNewPassword(member.email, first.Session, member.password);
  await admin.as(token).approveGdpr();
  return { id: created.id, email: member.email, token };
}
