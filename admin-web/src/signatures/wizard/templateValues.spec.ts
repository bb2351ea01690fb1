import { describe, expect, it } from 'vitest';
import { parseDecimal, templateFormData } from './templateValues';
import { identityTemplate } from './wizardFixtures';

describe('parseDecimal', () => {
  it('reads the usual ways of typing amounts', () => {
    expect(parseDecimal('350000')).toBe(350000);
    expect(parseDecimal('350 000,50')).toBe(350000.5);
    expect(parseDecimal('350.000,50 €')).toBe(350000.5);
    expect(parseDecimal('350,000.50')).toBe(350000.5);
    expect(parseDecimal('1.234.567')).toBe(1234567);
    expect(parseDecimal('350.000')).toBe(350000);
    expect(parseDecimal('3,5 %')).toBe(3.5);
    expect(parseDecimal('3.25')).toBe(3.25);
  });

  it('refuses what is not a number', () => {
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('12a')).toBeNull();
  });
});

describe('templateFormData', () => {
  it('converts what was typed into the types the template declares', () => {
    const { data, errors } = templateFormData(identityTemplate, {
      lastName: ' Weber ',
      birthDate: '1980-02-29',
      gender: 'F',
      price: '350 000,45',
      fees: '3,5',
      children: '2',
      informed: true,
    });
    expect(errors).toEqual({});
    expect(data).toEqual({
      lastName: 'Weber',
      birthDate: '1980-02-29',
      gender: 'F',
      price: 350000.45,
      fees: 3.5,
      children: 2,
      informed: true,
    });
  });

  it('reports errors keyed like the API’s, with the shared rules, and leaves optional blanks empty', () => {
    const { data, errors } = templateFormData(identityTemplate, {
      lastName: 'Too long',
      birthDate: '2023-02-30',
      gender: 'X',
      fees: '120',
      children: '1.5',
      informed: false,
    });
    expect(errors).toEqual({
      'formData.lastName': 'validation.maxLength',
      'formData.birthDate': 'validation.date',
      'formData.gender': 'validation.isIn',
      'formData.fees': 'validation.percent',
      'formData.children': 'validation.isInt',
    });
    expect(data.price).toBeNull();
    expect(data.informed).toBe(false);
  });

  it('refuses amounts with more than two decimals rather than rounding them', () => {
    const { errors } = templateFormData(identityTemplate, { price: '1 234,567' });
    expect(errors['formData.price']).toBe('validation.money');
  });

  it('asks for required fields, and takes an untouched box as “no”', () => {
    const { data, errors } = templateFormData(identityTemplate, {});
    expect(errors['formData.lastName']).toBe('validation.required');
    expect(errors['formData.price']).toBeUndefined();
    expect(errors['formData.informed']).toBeUndefined();
    expect(data.informed).toBe(false);
  });

  it('reports what cannot be read as a number', () => {
    const { errors } = templateFormData(identityTemplate, { price: 'beaucoup' });
    expect(errors['formData.price']).toBe('app.signature_wizard.errors.invalid_number');
  });
});
