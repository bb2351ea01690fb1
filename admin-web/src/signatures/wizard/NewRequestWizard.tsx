import { type Locale } from '@esign/shared';
import { useState } from 'react';
import { SignatureWizard, type SignatureWizardProps } from './SignatureWizard';
import { newSignatoryKey } from './signatoryList';
import {
  type WizardDraft,
  browserStorage,
  clearDraft,
  loadDraft,
  stateFromDraft,
  wizardDraftKey,
} from './wizardDraft';
import { initialWizardState } from './wizardState';

export type WizardLogoProps = Pick<SignatureWizardProps, 'hasLogo' | 'checkingLogo' | 'onCheckLogo'>;

interface NewRequestWizardProps extends WizardLogoProps {
  /** The signed-in member, whose draft this is; without one, nothing is kept. */
  userId: string | null;
  language: Locale;
}

interface Opening {
  /** Remounts the wizard, empty, when the member discards the draft. */
  attempt: number;
  draft: WizardDraft | null;
}

/** A new request, resumed from the member's draft when one was left in this browser. */
export function NewRequestWizard({ userId, language, ...logo }: NewRequestWizardProps) {
  const storageKey = userId ? wizardDraftKey(userId) : null;
  const [opening, setOpening] = useState<Opening>(() => {
    const storage = browserStorage();
    return { attempt: 0, draft: storageKey && storage ? loadDraft(storage, storageKey) : null };
  });
  const discard = () => {
    const storage = browserStorage();
    if (storageKey && storage) clearDraft(storage, storageKey);
    setOpening({ attempt: opening.attempt + 1, draft: null });
  };
  const { draft } = opening;
  return (
    <SignatureWizard
      key={opening.attempt}
      requestId={null}
      draft={storageKey ? { storageKey, restored: draft !== null, onDiscard: discard } : undefined}
      createInitialState={() => {
        const base = initialWizardState(language, newSignatoryKey());
        return draft ? stateFromDraft(draft, base, newSignatoryKey) : base;
      }}
      {...logo}
    />
  );
}
