import { describe, expect, it } from 'vitest';
import { errorsOfStep, firstStepWithErrors, stepOfField, stepsFor } from './wizardSteps';

describe('wizard steps', () => {
  it('offers the details step only for a template', () => {
    expect(stepsFor('CUSTOM')).toEqual(['document', 'signatories', 'placement', 'options', 'review']);
    expect(stepsFor('TEMPLATE')).toContain('details');
  });

  it('maps the API’s field paths to the step that shows the field', () => {
    expect(stepOfField('signatureTitle')).toBe('options');
    expect(stepOfField('sealPage')).toBe('options');
    expect(stepOfField('documentId')).toBe('document');
    expect(stepOfField('formData.birthDate')).toBe('details');
    expect(stepOfField('signatories')).toBe('signatories');
    expect(stepOfField('signatories.3.mobile')).toBe('signatories');
    expect(stepOfField('signatories.3.placement')).toBe('placement');
    expect(stepOfField('signatories.3.placement.page')).toBe('placement');
    expect(stepOfField('somethingElse')).toBe('review');
  });

  it('goes back to the earliest step with an error', () => {
    const errors = { signatureTitle: 'validation.required', 'signatories.0.email': 'validation.email' };
    expect(firstStepWithErrors(errors, stepsFor('CUSTOM'))).toBe('signatories');
    expect(firstStepWithErrors({}, stepsFor('CUSTOM'))).toBeNull();
    expect(firstStepWithErrors({ 'formData.x': 'validation.required' }, stepsFor('CUSTOM'))).toBe('review');
  });

  it('keeps only a step’s own errors', () => {
    const errors = { signatureTitle: 'a', 'signatories.0.placement': 'b' };
    expect(errorsOfStep(errors, 'placement')).toEqual({ 'signatories.0.placement': 'b' });
  });
});
