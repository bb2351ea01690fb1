import { type UserView } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { canAccess, displayName } from './canAccess';

function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'u-1',
    name: 'Anne Muller',
    email: 'anne@agence.lu',
    mobile: '+352621000000',
    language: 'fr',
    logoUrl: null,
    thumbnailUrl: null,
    isDisabled: false,
    gdprApprovedAt: '2025-01-01T00:00:00.000Z',
    groups: [],
    role: 'MEMBER',
    additionalInfo: {},
    createdAt: '2025-01-01T00:00:00.000Z',
    agencyId: 'u-1',
    agencyRole: 'MANAGER',
    ...overrides,
  };
}

describe('canAccess', () => {
  const admin = aUser({ groups: ['Admin'] });
  const adminByRole = aUser({ role: 'ADMIN' });
  const groupMember = aUser({ role: 'GROUP_MEMBER', agencyId: null, agencyRole: null });
  const member = aUser();

  it('lets everyone signed in see the dashboard', () => {
    for (const user of [admin, groupMember, member]) {
      expect(canAccess(user, 'dashboard')).toBe(true);
    }
  });

  it('shows users and the development outbox only to users with admin rights', () => {
    for (const user of [admin, adminByRole, groupMember]) {
      expect(canAccess(user, 'users')).toBe(true);
      expect(canAccess(user, 'dev-outbox')).toBe(true);
    }
    expect(canAccess(member, 'users')).toBe(false);
    expect(canAccess(member, 'dev-outbox')).toBe(false);
  });

  it('shows signatures only to users without admin rights', () => {
    expect(canAccess(member, 'signatures')).toBe(true);
    expect(canAccess(admin, 'signatures')).toBe(false);
    expect(canAccess(groupMember, 'signatures')).toBe(false);
  });

  it('shows everyone their costs, and the price lists to administrators only', () => {
    for (const user of [admin, groupMember, member]) expect(canAccess(user, 'costs')).toBe(true);
    expect([admin, adminByRole, groupMember, member].map((user) => canAccess(user, 'prices'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("keeps the team page to an agency's managers, and the costs from its agents", () => {
    const agent = aUser({ agencyRole: 'AGENT' });
    expect([admin, groupMember, member, agent].map((user) => canAccess(user, 'team'))).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(canAccess(agent, 'costs')).toBe(false);
    expect(canAccess(agent, 'signatures')).toBe(true);
  });

  it('refuses everything to nobody and unknown resources to everybody', () => {
    expect(canAccess(null, 'dashboard')).toBe(false);
    expect(canAccess(admin, 'billing-secrets')).toBe(false);
  });
});

describe('displayName', () => {
  it('prefers the name', () => {
    expect(displayName(aUser({ name: 'Anne Muller' }))).toBe('Anne Muller');
  });

  it('falls back to the company name, then to the e-mail', () => {
    const nameless = aUser({ name: '  ', additionalInfo: { company: { name: 'Agence du Nord' } } });
    expect(displayName(nameless)).toBe('Agence du Nord');
    expect(displayName(aUser({ name: '', additionalInfo: { company: { name: null } } }))).toBe(
      'anne@agence.lu',
    );
  });
});
