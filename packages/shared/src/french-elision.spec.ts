import { FRENCH_VALUE_MARK as MARK, elideBeforeMarkedValues, frenchDe } from './french-elision';

describe('French elision', () => {
  it('elides « de » before a vowel only', () => {
    expect(frenchDe('octobre 2026')).toBe('d’octobre 2026');
    expect(frenchDe('Anne Muller')).toBe('d’Anne Muller');
    expect(frenchDe('Élise')).toBe('d’Élise');
    expect(frenchDe('novembre 2026')).toBe('de novembre 2026');
    expect(frenchDe('Hoffmann')).toBe('de Hoffmann');
  });

  it('elides before a marked value, and nowhere else', () => {
    expect(elideBeforeMarkedValues(`Coûts de ${MARK}octobre 2026`)).toBe('Coûts d’octobre 2026');
    expect(elideBeforeMarkedValues(`Coûts de ${MARK}mai 2026`)).toBe('Coûts de mai 2026');
    expect(elideBeforeMarkedValues(`Le relevé de ${MARK}Agence Est, plus de ${MARK}8 jours`)).toBe(
      'Le relevé d’Agence Est, plus de 8 jours',
    );
    expect(elideBeforeMarkedValues(`Il faut que ${MARK}Anne signe`)).toBe('Il faut qu’Anne signe');
    // A word that merely ends in « de » is not the preposition.
    expect(elideBeforeMarkedValues(`Code ${MARK}abc`)).toBe('Code abc');
    expect(elideBeforeMarkedValues('de octobre')).toBe('de octobre');
  });
});
