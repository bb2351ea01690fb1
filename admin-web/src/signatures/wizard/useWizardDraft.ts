import { useEffect, useRef } from 'react';
import { browserStorage, clearDraft, saveDraft } from './wizardDraft';
import { type WizardState } from './wizardState';

/** Long enough not to write on every key stroke, short enough that little is lost to a crash. */
export const DRAFT_SAVE_DELAY_MS = 500;

export interface WizardDraftSaver {
  /** Forgets the draft and saves nothing more (the request was sent, or the member starts over). */
  clear: () => void;
}

/**
 * Keeps the new request's answers in the browser while the member works, under `storageKey` (none when
 * editing a request). A write still waiting when the page is left or reloaded is done at once.
 */
export function useWizardDraft(storageKey: string | null, state: WizardState): WizardDraftSaver {
  const initial = useRef(state);
  const latest = useRef(state);
  const unsaved = useRef(false);
  const stopped = useRef(false);

  useEffect(() => {
    const storage = browserStorage();
    // The state the wizard opened with is already what is stored (or not worth storing).
    if (!storageKey || !storage || stopped.current || state === initial.current) return;
    latest.current = state;
    unsaved.current = true;
    const timer = setTimeout(() => {
      if (stopped.current) return;
      saveDraft(storage, storageKey, state);
      unsaved.current = false;
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [storageKey, state]);

  useEffect(() => {
    const storage = browserStorage();
    if (!storageKey || !storage) return;
    const saveNow = () => {
      if (!unsaved.current || stopped.current) return;
      saveDraft(storage, storageKey, latest.current);
      unsaved.current = false;
    };
    window.addEventListener('pagehide', saveNow);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      saveNow();
    };
  }, [storageKey]);

  return {
    clear: () => {
      stopped.current = true;
      unsaved.current = false;
      const storage = browserStorage();
      if (storageKey && storage) clearDraft(storage, storageKey);
    },
  };
}
