import { type SignatoryView, type SignatureStatus } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { canCancel, canDownload, canEdit, canRemind } from './statusRules';

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

  it('downloads only a signed request', () => {
    expect(canDownload(request('SIGNED', ['SIGNED']))).toBe(true);
    expect(canDownload(request('UPDATING_DOCUMENT', ['SIGNED']))).toBe(false);
  });
});
