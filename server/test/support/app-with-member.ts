import { startTestApp, type TestApp } from './test-app';
import { createMember, signInAdministrator, type Member, type MemberInput } from './members';

export interface AppWithMember {
  testApp: TestApp;
  adminToken: string;
  member: Member;
}

/**
 * Registers, in the calling `describe`, an app of its own with the administrator signed in and one member ready
 * (created, password chosen, consent given), closed after the block. The fields are filled before the first test.
 */
export function appWithMember(input: MemberInput): AppWithMember {
  const context = {} as AppWithMember;
  beforeAll(async () => {
    context.testApp = await startTestApp();
    context.adminToken = await signInAdministrator(context.testApp);
    context.member = await createMember(context.testApp, context.adminToken, input);
  });
  afterAll(async () => {
    await context.testApp.close();
  });
  return context;
}
