import { describe, expect, it } from 'vitest';
import { CONSENT_PATH, needsConsent } from './authProvider';

describe('needsConsent', () => {
  const approved = '2025-01-01T00:00:00.000Z';

  it('sends members without consent to the consent page', () => {
    expect(needsConsent({ groups: [], role: 'MEMBER', gdprApprovedAt: null })).toBe(true);
    expect(CONSENT_PATH).toBe('/init/gdpr');
  });

  it('lets members who consented in', () => {
    expect(needsConsent({ groups: [], role: 'MEMBER', gdprApprovedAt: approved })).toBe(false);
  });

  it('never asks admins or group members', () => {
    expect(needsConsent({ groups: ['Admin'], role: 'MEMBER', gdprApprovedAt: null })).toBe(false);
    expect(needsConsent({ groups: [], role: 'ADMIN', gdprApprovedAt: null })).toBe(false);
    expect(needsConsent({ groups: [], role: 'GROUP_MEMBER', gdprApprovedAt: null })).toBe(false);
  });
});
