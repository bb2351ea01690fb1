import { type SignatoryView, type SignatureStatus } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { canCancel, canDownload, canEdit, canExtend, canRemind, signatoryStatusKey } from './statusRules';

function request(status: SignatureStatus, signatoryStatuses: SignatoryView['status'][]) {
  return {
    status,
    signatories: signatoryStatuses.map((signatoryStatus) => ({ status: signatoryStatus }) as SignatoryView),
  };
}

describe('what a member may do with a request', () => {
  it('cancels only requests that are not finished', () => {
    expect(canCancel(request('INIT', []))).toBe(true);
    expect(canCancel(request('IN_PROGRESS', ['INVITED']))).toBe(true);
    expect(canCancel(request('SIGNED', ['SIGNED']))).toBe(false);
    expect(canCancel(request('CANCELLED', ['INVITED']))).toBe(false);
  });

  it('edits only while nobody has signed', () => {
    expect(canEdit(request('IN_PROGRESS', ['INVITED', 'WAITING']))).toBe(true);
    expect(canEdit(request('IN_PROGRESS', ['SIGNED', 'INVITED']))).toBe(false);
    expect(canEdit(request('UPDATING_DOCUMENT', ['SIGNED']))).toBe(false);
  });

  it('reminds while someone invited has not signed', () => {
    expect(canRemind(request('IN_PROGRESS', ['SIGNED', 'INVITED']))).toBe(true);
    expect(canRemind(request('IN_PROGRESS', ['SIGNED', 'SIGNED']))).toBe(false);
    expect(canRemind(request('CANCELLED', ['INVITED']))).toBe(false);
  });

  it('does nothing with a declined or expired request, nor one past its expiry date', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const open = { ...request('IN_PROGRESS', ['INVITED']), expiresAt: '2026-03-11T12:00:00Z' };
    const past = { ...open, expiresAt: '2026-03-10T11:59:59Z' };
    expect(canExtend(open, now)).toBe(true);
    expect(canRemind(open, now)).toBe(true);
    expect(canExtend(past, now)).toBe(false);
    expect(canRemind(past, now)).toBe(false);
    expect(canEdit(past, now)).toBe(false);
    for (const status of ['DECLINED', 'EXPIRED'] as const) {
      const closed = { ...request(status, ['INVITED']), expiresAt: '2026-03-11T12:00:00Z' };
      expect([
        canCancel(closed),
        canEdit(closed, now),
        canRemind(closed, now),
        canExtend(closed, now),
      ]).toEqual([false, false, false, false]);
      expect(canDownload(closed)).toBe(false);
    }
  });

  it('downloads only a signed request', () => {
    expect(canDownload(request('SIGNED', ['SIGNED']))).toBe(true);
    expect(canDownload(request('UPDATING_DOCUMENT', ['SIGNED']))).toBe(false);
  });

  it('says an invitation is void once the request closed unsigned, and keeps what happened', () => {
    const key = (requestStatus: SignatureStatus, status: SignatoryView['status']) =>
      signatoryStatusKey({ status: requestStatus }, { status });
    for (const closed of ['CANCELLED', 'DECLINED', 'EXPIRED'] as const) {
      expect(key(closed, 'INVITED')).toBe('app.signatures.signatory_link_closed');
      expect(key(closed, 'WAITING')).toBe('app.signatures.signatory_link_closed');
      expect(key(closed, 'SIGNED')).toBe('app.signatures.signatory_status.SIGNED');
    }
    expect(key('DECLINED', 'DECLINED')).toBe('app.signatures.signatory_status.DECLINED');
    expect(key('IN_PROGRESS', 'INVITED')).toBe('app.signatures.signatory_status.INVITED');
  });
});
