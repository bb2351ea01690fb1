import { SIGNING_POLL_SIGNED_MS, SIGNING_POLL_UPDATING_MS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { pollInterval, signingPageView } from './pageView';
import { signedBy, signingPageData } from './testData';

describe('signingPageView', () => {
  it('offers to sign while the signatory has not signed and it is their turn', () => {
    expect(signingPageView(signingPageData())).toEqual({ kind: 'sign' });
  });

  it('shows the document without Sign to a signatory whose turn has not come', () => {
    const data = signingPageData({ signatory: { ...signingPageData().signatory, isTurn: false } });
    expect(signingPageView(data)).toEqual({ kind: 'waitForTurn' });
  });

  it('has nothing to sign once the request is cancelled, signed or not', () => {
    expect(signingPageView(signingPageData({ status: 'CANCEL' }))).toEqual({ kind: 'nothingToSign' });
    expect(signingPageView(signedBy(signingPageData({ status: 'CANCEL' })))).toEqual({
      kind: 'nothingToSign',
    });
  });

  it('says the final document will follow by e-mail while others still sign', () => {
    expect(signingPageView(signedBy(signingPageData()))).toEqual({ kind: 'signed', document: 'pending' });
  });

  it('waits for the final document while it is prepared, then offers it', () => {
    expect(signingPageView(signedBy(signingPageData({ status: 'UPDATING_DOCUMENT' })))).toEqual({
      kind: 'signed',
      document: 'preparing',
    });
    expect(signingPageView(signedBy(signingPageData({ status: 'SIGNED' })))).toEqual({
      kind: 'signed',
      document: 'ready',
    });
  });

  it('has nothing to sign for a finished request the signatory never signed', () => {
    expect(signingPageView(signingPageData({ status: 'SIGNED' }))).toEqual({ kind: 'nothingToSign' });
  });
});

describe('pollInterval', () => {
  it('polls every 2 s while the document is being updated', () => {
    expect(pollInterval({ kind: 'signed', document: 'preparing' })).toBe(SIGNING_POLL_UPDATING_MS);
    expect(SIGNING_POLL_UPDATING_MS).toBe(2_000);
  });

  it('polls every 20 s once signed, so the download address stays fresh', () => {
    expect(pollInterval({ kind: 'signed', document: 'ready' })).toBe(SIGNING_POLL_SIGNED_MS);
    expect(SIGNING_POLL_SIGNED_MS).toBe(20_000);
  });

  it('does not poll otherwise', () => {
    expect(pollInterval({ kind: 'signed', document: 'pending' })).toBeNull();
    expect(pollInterval({ kind: 'sign' })).toBeNull();
    expect(pollInterval({ kind: 'waitForTurn' })).toBeNull();
    expect(pollInterval({ kind: 'nothingToSign' })).toBeNull();
  });
});
