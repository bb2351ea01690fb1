import { describe, expect, it } from 'vitest';
import { findMatches, foldForSearch, highlightsByPage } from './textSearch';

const page1 = [{ str: 'Compromis de vente' }, { str: ' entre les ', hasEOL: true }, { str: 'Parties' }];
const page2 = [{ str: 'La partie venderesse' }, { str: 'déclare', hasEOL: true }, { str: 'l’acte de vente' }];

describe('foldForSearch', () => {
  it('ignores case, accents and the kind of apostrophe, keeping one character for each', () => {
    expect(foldForSearch('Déclaré L’ACTE')).toBe("declare l'acte");
    expect(foldForSearch('Ærø\u00a0x')).toHaveLength('Ærø\u00a0x'.length);
  });
});

describe('findMatches', () => {
  it('finds every occurrence, page by page, whatever the case and accents', () => {
    const matches = findMatches([page1, page2], 'VENTE');
    expect(matches.map((match) => match.page)).toEqual([1, 2]);
    expect(matches[0]?.segments).toEqual([{ itemIndex: 0, start: 13, end: 18 }]);
    expect(findMatches([page1, page2], 'declare')).toHaveLength(1);
    expect(findMatches([page1, page2], "l'acte")).toHaveLength(1);
  });

  it('finds words split across text items and lines', () => {
    const matches = findMatches([page1], 'les parties');
    expect(matches).toHaveLength(1);
    expect(matches[0]?.segments).toEqual([
      { itemIndex: 1, start: 7, end: 11 },
      { itemIndex: 2, start: 0, end: 7 },
    ]);
  });

  it('needs at least 2 characters', () => {
    expect(findMatches([page1], 'v')).toEqual([]);
    expect(findMatches([page1], '  ')).toEqual([]);
  });
});

describe('highlighting', () => {
  it('groups matches by page, marking only the current one', () => {
    const matches = findMatches([page1, page2], 'vente');
    const byPage = highlightsByPage(matches, 1);
    expect(byPage.get(1)).toEqual([{ segments: [{ itemIndex: 0, start: 13, end: 18 }], current: false }]);
    expect(byPage.get(2)).toEqual([{ segments: [{ itemIndex: 2, start: 10, end: 15 }], current: true }]);
  });
});
