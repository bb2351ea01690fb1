import { type Dispatch } from 'react';
import { type WizardAction, type WizardState } from './wizardState';

export interface StepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}
