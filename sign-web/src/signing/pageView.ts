import { SIGNING_POLL_SIGNED_MS, SIGNING_POLL_UPDATING_MS, type SigningPageData } from '@esign/shared';

/** What the signing page shows for the data the API gave. */
export type SigningPageView =
  | { kind: 'nothingToSign' }
  /** The viewer with the Sign button. */
  | { kind: 'sign' }
  /** The viewer, and a notice instead of Sign: earlier signatories of a sequence have not signed. */
  | { kind: 'waitForTurn' }
  /**
   * Signed. pending: others still have to sign, the final document will come by e-mail.
   * preparing: everyone signed, the final document is being sealed. ready: it can be downloaded.
   */
  | { kind: 'signed'; document: 'pending' | 'preparing' | 'ready' };

export function signingPageView(data: SigningPageData): SigningPageView {
  if (data.status === 'CANCEL') return { kind: 'nothingToSign' };
  if (data.signatory.signatorySigningStatus === 'SIGNED') {
    switch (data.status) {
      case 'IN_PROGRESS':
        return { kind: 'signed', document: 'pending' };
      case 'UPDATING_DOCUMENT':
        return { kind: 'signed', document: 'preparing' };
      case 'SIGNED':
        return { kind: 'signed', document: 'ready' };
    }
  }
  // Not signed, yet the request is finished: there is nothing left for this link to do.
  if (data.status !== 'IN_PROGRESS') return { kind: 'nothingToSign' };
  return data.signatory.isTurn ? { kind: 'sign' } : { kind: 'waitForTurn' };
}

/**
 * How often to reload the page data: every 2 s while the final document is being prepared, every 20 s
 * once it is ready (the document address is short-lived), otherwise not at all.
 */
export function pollInterval(view: SigningPageView): number | null {
  if (view.kind !== 'signed') return null;
  switch (view.document) {
    case 'preparing':
      return SIGNING_POLL_UPDATING_MS;
    case 'ready':
      return SIGNING_POLL_SIGNED_MS;
    case 'pending':
      return null;
  }
}
