import { OTP_VALIDITY_MS, SIGNING_CONSENTS, type SigningConsent } from '@esign/shared';
import { type SigningDialogState } from './signingDialog';

/** What is kept of a dialog at the code step, for this tab only. */
interface SavedDialog {
  location: string;
  consents: Record<SigningConsent, boolean>;
  codesSent: number;
  savedAt: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'esign.signing.';

/** One entry per request and signatory: a tab that opens another link starts afresh. */
export function savedDialogKey(signatureId: string, mobile: string): string {
  return `${PREFIX}${signatureId}.${mobile.replace(/\s+/g, '')}`;
}

/**
 * Keeps the dialog while it waits for the code: on a phone, reading the SMS can cost the page (the browser
 * discards a tab in the background, or the signatory reloads it), and the code sent is still good. Only the
 * code step is kept; any other step clears what was kept. Session storage: this tab, until it closes.
 */
export function saveDialog(store: Store | null, key: string, state: SigningDialogState, now: number): void {
  if (!store) return;
  try {
    if (state.step !== 'OTP' || state.locked) {
      store.removeItem(key);
      return;
    }
    const saved: SavedDialog = {
      location: state.location,
      consents: state.consents,
      codesSent: state.codesSent,
      savedAt: now,
    };
    store.setItem(key, JSON.stringify(saved));
  } catch {
    // Storage full or refused (private browsing): the dialog simply starts afresh after a reload.
  }
}

/** The dialog kept by this tab, at the code step, if its code can still be valid; anything else is dropped. */
export function restoreDialog(
  store: Store | null,
  key: string,
  initial: SigningDialogState,
  now: number,
): SigningDialogState | null {
  if (!store) return null;
  try {
    const raw = store.getItem(key);
    if (raw === null) return null;
    const saved = parse(raw);
    if (!saved || now - saved.savedAt > OTP_VALIDITY_MS || saved.savedAt > now) {
      store.removeItem(key);
      return null;
    }
    return {
      ...initial,
      step: 'OTP',
      location: saved.location,
      consents: saved.consents,
      codesSent: saved.codesSent,
    };
  } catch {
    return null;
  }
}

function parse(raw: string): SavedDialog | null {
  const value: unknown = JSON.parse(raw);
  if (!value || typeof value !== 'object') return null;
  const { location, consents, codesSent, savedAt } = value as Record<string, unknown>;
  if (typeof location !== 'string' || typeof savedAt !== 'number' || typeof codesSent !== 'number')
    return null;
  if (!consents || typeof consents !== 'object') return null;
  const given = consents as Record<string, unknown>;
  // Only a dialog whose four consents were all given reached the code step.
  if (!SIGNING_CONSENTS.every((consent) => given[consent] === true)) return null;
  return {
    location,
    consents: Object.fromEntries(SIGNING_CONSENTS.map((consent) => [consent, true])) as Record<
      SigningConsent,
      boolean
    >,
    codesSent,
    savedAt,
  };
}

/** The tab's session storage, or null where the browser refuses it. */
export function sessionStore(): Store | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
