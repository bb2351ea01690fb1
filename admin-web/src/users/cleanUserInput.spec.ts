import { describe, expect, it } from 'vitest';
import { cleanUserInput } from './cleanUserInput';

describe('cleanUserInput', () => {
  it('flattens names, addresses and company names to one line without direction controls', () => {
    const cleaned = cleanUserInput({
      name: 'Agence\u202e Muller',
      email: 'a@b.lu',
      additionalInfo: {
        address: { addressLine1: '12 rue\nde la Gare', city: ' Esch ', postalCode: 'L-4131' },
        company: { name: 'Muller\r\nImmo', vatNumber: 'LU12345678' },
      },
    });
    expect(cleaned).toEqual({
      name: 'Agence Muller',
      email: 'a@b.lu',
      additionalInfo: {
        address: { addressLine1: '12 rue de la Gare', city: 'Esch', postalCode: 'L-4131' },
        company: { name: 'Muller Immo', vatNumber: 'LU12345678' },
      },
    });
  });

  it('leaves a record without additional information as it is', () => {
    expect(cleanUserInput({ language: 'lu' })).toEqual({ language: 'lu' });
  });
});
