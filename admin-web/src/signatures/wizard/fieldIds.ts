import { type WizardState } from './wizardState';

/** The id of a signatory's input; by key, so it follows the signatory when the list is reordered. */
export function signatoryFieldId(
  key: string,
  field: 'name' | 'email' | 'mobile' | 'role' | 'page' | 'corner',
): string {
  return `signatory-${key}-${field}`;
}

export function wizardFieldId(path: string): string {
  return `wizard-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The element an error's path points to, so the error summary can take the member there. */
export function elementIdOfPath(path: string, state: WizardState): string {
  const [head, index, field] = path.split('.');
  if (head === 'signatories' && index !== undefined) {
    const key = state.signatories[Number(index)]?.key;
    if (!key) return wizardFieldId('signatories');
    if (field === 'placement') return signatoryFieldId(key, 'page');
    if (field === 'name' || field === 'email' || field === 'mobile' || field === 'role')
      return signatoryFieldId(key, field);
    return signatoryFieldId(key, 'name');
  }
  if (head === 'documentType' || head === 'documentName') return wizardFieldId('documentId');
  return wizardFieldId(path);
}

export function moveButtonIdOf(key: string, direction: 'up' | 'down'): string {
  return `signatory-${key}-move-${direction}`;
}
