import { type AgencyRole, type Locale } from '@esign/shared';
import {
  ApiClient,
  UserPool,
  createMember as createMemberThroughApi,
  inviteStaff as inviteStaffThroughApi,
  type Inbox,
} from '@esign/api-client';
import { OutboxService } from '../../src/modules/outbox/outbox.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from './test-app';

export interface MemberInput {
  email: string;
  name: string;
  /** A Luxembourg mobile by default. */
  mobile?: string;
  language?: Locale;
  /** The password chosen at the first sign-in. */
  password?: string;
}

export interface Member {
  id: string;
  /** An ID token, for `Authorization: Bearer`. */
  token: string;
  email: string;
}

/** What the in-process app sent to a recipient, newest first, as its outbox holds it. */
export function appOutbox(testApp: Pick<TestApp, 'app'>): Inbox {
  return (recipient) => testApp.app.get(OutboxService).newestFor(recipient);
}

/**
 * A member ready to use the API, made the way it happens in production: the administrator creates the
 * account, the member signs in with the e-mailed temporary password, chooses a password, and consents.
 */
export function createMember(testApp: TestApp, adminToken: string, input: MemberInput): Promise<Member> {
  return createMemberThroughApi(
    new ApiClient(testApp.url, adminToken),
    { ...input, password: input.password ?? 'Membre-Passw0rd' },
    appOutbox(testApp),
  );
}

/** The seeded administrator's ID token, signed in through the pool as the back office does. */
export async function signInAdministrator(testApp: Pick<TestApp, 'url'>): Promise<string> {
  return (await UserPool.of(testApp.url)).signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}

/**
 * Someone of a manager's agency ready to use the API, made the way it happens in production: the manager
 * invites them with a role, they sign in with the e-mailed temporary password, choose a password, and consent.
 */
export function inviteStaff(
  testApp: TestApp,
  managerToken: string,
  input: MemberInput & { role: AgencyRole },
): Promise<Member> {
  return inviteStaffThroughApi(
    new ApiClient(testApp.url, managerToken),
    { ...input, password: input.password ?? 'Agent-Passw0rd' },
    appOutbox(testApp),
  );
}
