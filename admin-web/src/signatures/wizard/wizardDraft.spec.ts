import { describe, expect, it, vi } from 'vitest';
import { pdfBlobFromBase64 } from '../../pdf/pdfFile';
import {
  type DraftStorage,
  WIZARD_DRAFT_MAX_AGE_MS,
  WIZARD_DRAFT_VERSION,
  loadDraft,
  parseDraft,
  saveDraft,
  serialiseDraft,
  stateFromDraft,
  wizardDraftKey,
} from './wizardDraft';
import { AGREEMENT_PARTIES, generatedDocument, readyState, uploadedDocument } from './wizardFixtures';
import { type WizardState, initialWizardState, wizardReducer } from './wizardState';

function memoryStorage(
  entries: Record<string, string> = {},
): DraftStorage & { entries: Record<string, string> } {
  return {
    entries,
    getItem: (key) => entries[key] ?? null,
    setItem: (key, value) => {
      entries[key] = value;
    },
    removeItem: (key) => {
      delete entries[key];
    },
  };
}

function keyMaker(prefix: string): () => string {
  let count = 0;
  return () => `${prefix}-${(count += 1)}`;
}

/** A template half filled in: one seller typed, a second one added, a title chosen. */
function templateInProgress(): WizardState {
  const actions = [
    { type: 'chooseSource', source: 'TEMPLATE' },
    { type: 'chooseTemplate', templateType: 'FlatSalesAgreement' },
    { type: 'goTo', step: 'details' },
    { type: 'setTemplateValue', name: 'bienRue', value: 'rue de la Gare' },
    { type: 'addTemplateItem', list: 'vendeurs' },
    { type: 'setTemplateItemValue', list: 'vendeurs', index: 0, name: 'nom', value: 'Weber' },
    { type: 'addTemplateItem', list: 'vendeurs' },
    { type: 'setOptions', options: { signatureTitle: 'Compromis Weber', signingFlow: 'SEQUENCE' } },
    { type: 'setErrors', errors: { 'formData.prix': 'validation.required' } },
  ] as const;
  return actions.reduce(wizardReducer, initialWizardState('fr', 'k1'));
}

function roundTrip(state: WizardState, base = initialWizardState('de', 'fresh')): WizardState {
  const draft = parseDraft(serialiseDraft(state));
  if (!draft) throw new Error('the draft did not read back');
  return stateFromDraft(draft, base, keyMaker('restored'));
}

describe('wizard drafts', () => {
  it('gives back the template, its answers per type, the title, options and signatories', () => {
    const before = templateInProgress();
    const after = roundTrip(before);
    expect(after.source).toBe('TEMPLATE');
    expect(after.templateType).toBe('FlatSalesAgreement');
    expect(after.step).toBe('details');
    expect(after.templateValues).toEqual(before.templateValues);
    expect(after.options).toEqual(before.options);
    expect(after.titleEdited).toBe(true);
    expect(after.signatories.map(({ name, email, mobile }) => ({ name, email, mobile }))).toEqual(
      before.signatories.map(({ name, email, mobile }) => ({ name, email, mobile })),
    );
  });

  it('leaves the errors shown and the PDF bytes out', () => {
    const withPreview = readyState({
      document: { ...uploadedDocument(4), preview: { kind: 'blob', blob: pdfBlobFromBase64('JVBERg==') } },
      errors: { signatureTitle: 'validation.required' },
    });
    const text = serialiseDraft(withPreview);
    expect(text).not.toContain('preview');
    expect(text).not.toContain('validation.required');
    const after = roundTrip(withPreview);
    expect(after.errors).toEqual({});
    expect(after.document).toEqual({ ...uploadedDocument(4), preview: null });
  });

  it('gives restored signatories new keys, which are only unique within a page’s lifetime', () => {
    const after = roundTrip(readyState());
    expect(after.signatories.map((signatory) => signatory.key)).toEqual(['restored-1', 'restored-2']);
    expect(after.signatories.map((signatory) => signatory.placement?.position)).toEqual([
      'bottom-left',
      'bottom-right',
    ]);
  });

  it('goes back to the document step when the saved step needs a document the draft lacks', () => {
    const state = { ...readyState({ document: null }), step: 'placement' as const };
    expect(roundTrip(state).step).toBe('document');
    expect(roundTrip({ ...state, step: 'details' }).step).toBe('document');
    expect(roundTrip({ ...templateInProgress(), step: 'details' }).step).toBe('details');
  });

  it('ignores a draft of another version, a corrupted one, or one of the wrong shape', () => {
    const saved = JSON.parse(serialiseDraft(templateInProgress())) as { version: number; state: object };
    expect(parseDraft(JSON.stringify({ ...saved, version: WIZARD_DRAFT_VERSION + 1 }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...saved, version: undefined }))).toBeNull();
    expect(parseDraft('{"version":1,"state":')).toBeNull();
    expect(parseDraft(null)).toBeNull();
    expect(
      parseDraft(JSON.stringify({ ...saved, state: { ...saved.state, templateType: 'Unknown' } })),
    ).toBeNull();
    expect(
      parseDraft(JSON.stringify({ ...saved, state: { ...saved.state, templateValues: { Mandate: {} } } })),
    ).toBeNull();
    expect(
      parseDraft(JSON.stringify({ ...saved, state: { ...saved.state, signatories: [{ key: 1 }] } })),
    ).toBeNull();
    expect(
      parseDraft(
        JSON.stringify({ ...saved, state: { ...saved.state, options: { signingMode: 'QUALIFIED' } } }),
      ),
    ).toBeNull();
  });

  it('keeps a generated document’s parties and frames, and reads an older draft’s signatories as party-less', () => {
    const layout = { frames: [], boxes: [], seal: { page: 6, rect: { x: 0, y: 0, width: 10, height: 10 } } };
    const generated = wizardReducer(initialWizardState('fr', 'k1'), {
      type: 'documentReady',
      document: { ...generatedDocument(), layout },
      title: 'Compromis',
      parties: AGREEMENT_PARTIES,
    });
    const restored = roundTrip(generated);
    expect(restored.document?.layout).toEqual(layout);
    expect(restored.signatories.map(({ party, role }) => [party, role])).toEqual(
      generated.signatories.map(({ party, role }) => [party, role]),
    );

    const saved = JSON.parse(serialiseDraft(readyState())) as { state: { signatories: object[] } };
    saved.state.signatories = saved.state.signatories.map((signatory) => {
      const { party: _party, role: _role, ...before } = signatory as Record<string, unknown>;
      return before;
    });
    const older = parseDraft(JSON.stringify(saved));
    expect(older).not.toBeNull();
    const state = stateFromDraft(older!, initialWizardState('fr', 'fresh'), keyMaker('old'));
    expect(state.signatories.map(({ party, role }) => [party, role])).toEqual([
      [null, ''],
      [null, ''],
    ]);
    // A layout that is not one is refused with the rest of the draft.
    const bad = JSON.parse(serialiseDraft(generated)) as { state: { document: Record<string, unknown> } };
    bad.state.document.layout = 'frames';
    expect(parseDraft(JSON.stringify(bad))).toBeNull();
  });

  it('keeps what the server mended in an uploaded file, and refuses a repair it does not know', () => {
    const repaired = readyState({ document: { ...uploadedDocument(), repairs: ['REPAIRED', 'DECRYPTED'] } });
    expect(roundTrip(repaired).document?.repairs).toEqual(['REPAIRED', 'DECRYPTED']);
    const bad = JSON.parse(serialiseDraft(repaired)) as { state: { document: Record<string, unknown> } };
    bad.state.document.repairs = ['REWRITTEN'];
    expect(parseDraft(JSON.stringify(bad))).toBeNull();
    // A draft saved before repairs were reported still reads.
    delete bad.state.document.repairs;
    expect(parseDraft(JSON.stringify(bad))).not.toBeNull();
  });

  it('forgets a draft after a week: it holds clients’ personal data', () => {
    const savedAt = Date.UTC(2026, 10, 2, 9, 0);
    const text = serialiseDraft(templateInProgress(), savedAt);
    expect(parseDraft(text, savedAt + WIZARD_DRAFT_MAX_AGE_MS)?.savedAt).toBe(savedAt);
    expect(parseDraft(text, savedAt + WIZARD_DRAFT_MAX_AGE_MS + 1)).toBeNull();
    const withoutTime = { ...(JSON.parse(text) as object), savedAt: 'yesterday' };
    expect(parseDraft(JSON.stringify(withoutTime), savedAt)).toBeNull();
  });

  it('keeps each member’s draft under their own key', () => {
    const storage = memoryStorage();
    saveDraft(storage, wizardDraftKey('member-a'), templateInProgress());
    expect(loadDraft(storage, wizardDraftKey('member-a'))?.state.templateType).toBe('FlatSalesAgreement');
    expect(loadDraft(storage, wizardDraftKey('member-b'))).toBeNull();
  });

  it('removes an unreadable draft so it is not tried again', () => {
    const key = wizardDraftKey('member-a');
    const storage = memoryStorage({ [key]: '{"version":0}' });
    expect(loadDraft(storage, key)).toBeNull();
    expect(storage.entries).toEqual({});
  });

  it('saves nothing for an untouched wizard, and forgets a draft emptied again', () => {
    const key = wizardDraftKey('member-a');
    const storage = memoryStorage();
    saveDraft(storage, key, initialWizardState('fr', 'k1'));
    expect(storage.entries).toEqual({});
    saveDraft(storage, key, readyState());
    expect(Object.keys(storage.entries)).toEqual([key]);
    saveDraft(storage, key, initialWizardState('fr', 'k1'));
    expect(storage.entries).toEqual({});
  });

  it('survives a storage that refuses to write', () => {
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => saveDraft(full, 'k', readyState())).not.toThrow();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
