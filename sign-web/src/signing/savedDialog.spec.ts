import { describe, expect, it } from 'vitest';
import { OTP_VALIDITY_MS, SIGNING_CONSENTS } from '@esign/shared';
import { restoreDialog, saveDialog, savedDialogKey } from './savedDialog';
import { initialSigningDialog, signingDialogReducer, type SigningDialogAction } from './signingDialog';

const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);
const KEY = savedDialogKey('c0ffee00-0000-4000-8000-000000000001', '+352 621 123 456');

function memoryStore(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const run = (actions: SigningDialogAction[]) => actions.reduce(signingDialogReducer, initialSigningDialog());
const atCodeStep = run([
  { type: 'locationChanged', value: 'Esch-sur-Alzette' },
  ...SIGNING_CONSENTS.map((consent): SigningDialogAction => ({
    type: 'consentChanged',
    consent,
    checked: true,
  })),
  { type: 'sendStarted' },
  { type: 'codeSent', resendAt: NOW + 120_000 },
]);

describe('the signing dialog kept across a reload', () => {
  it('comes back at the code step, with the place and the consents, while its code can be valid', () => {
    const store = memoryStore();
    saveDialog(store, KEY, { ...atCodeStep, code: 'AB12' }, NOW);
    const restored = restoreDialog(store, KEY, initialSigningDialog(NOW + 60_000), NOW + 5 * 60_000);
    expect(restored?.step).toBe('OTP');
    expect(restored?.location).toBe('Esch-sur-Alzette');
    expect(Object.values(restored?.consents ?? {})).toEqual(SIGNING_CONSENTS.map(() => true));
    expect(restored?.codesSent).toBe(1);
    // The code typed is not kept, and the next-code time is the server's.
    expect(restored?.code).toBe('');
    expect(restored?.resendAt).toBe(NOW + 60_000);
  });

  it('is dropped once a code sent then can no longer be valid', () => {
    const store = memoryStore();
    saveDialog(store, KEY, atCodeStep, NOW);
    expect(restoreDialog(store, KEY, initialSigningDialog(), NOW + OTP_VALIDITY_MS + 1)).toBeNull();
    expect(store.getItem(KEY)).toBeNull();
  });

  it('keeps nothing before the code step, after signing or once locked, and clears what was kept', () => {
    const store = memoryStore();
    saveDialog(store, KEY, atCodeStep, NOW);
    saveDialog(store, KEY, signingDialogReducer(atCodeStep, { type: 'signed' }), NOW);
    expect(store.getItem(KEY)).toBeNull();
    saveDialog(store, KEY, initialSigningDialog(), NOW);
    expect(store.getItem(KEY)).toBeNull();
    saveDialog(store, KEY, { ...atCodeStep, locked: true }, NOW);
    expect(store.getItem(KEY)).toBeNull();
  });

  it('ignores what another link kept, and anything malformed or without all four consents', () => {
    const store = memoryStore();
    saveDialog(store, KEY, atCodeStep, NOW);
    const other = savedDialogKey('c0ffee00-0000-4000-8000-000000000002', '+352 621 123 456');
    expect(restoreDialog(store, other, initialSigningDialog(), NOW)).toBeNull();
    store.setItem(KEY, '{not json');
    expect(restoreDialog(store, KEY, initialSigningDialog(), NOW)).toBeNull();
    const partial = {
      location: 'Luxembourg',
      consents: { [SIGNING_CONSENTS[0]]: true },
      codesSent: 1,
      savedAt: NOW,
    };
    store.setItem(KEY, JSON.stringify(partial));
    expect(restoreDialog(store, KEY, initialSigningDialog(), NOW)).toBeNull();
  });

  it('works without storage', () => {
    saveDialog(null, KEY, atCodeStep, NOW);
    expect(restoreDialog(null, KEY, initialSigningDialog(), NOW)).toBeNull();
  });
});
