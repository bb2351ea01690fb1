import { describe, expect, it } from 'vitest';
import {
  type SignatoryDraft,
  dropPlacementsBeyond,
  moveItem,
  resetPlacements,
  sharingCorner,
} from './signatoryList';

function signatory(key: string, page?: number): SignatoryDraft {
  return {
    key,
    name: `Name ${key}`,
    email: `${key}@example.lu`,
    mobile: '+352621123456',
    placement: page ? { page, position: 'bottom-right' } : null,
    party: null,
    role: '',
  };
}

describe('moveItem', () => {
  it('moves an item down and up', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
  });

  it('changes nothing for a move out of range, and never mutates the input', () => {
    const items = ['a', 'b'];
    expect(moveItem(items, 0, 5)).toEqual(['a', 'b']);
    expect(moveItem(items, -1, 0)).toEqual(['a', 'b']);
    moveItem(items, 0, 1);
    expect(items).toEqual(['a', 'b']);
  });
});

describe('resetPlacements', () => {
  it('removes every placement and keeps the signatories as typed', () => {
    const reset = resetPlacements([signatory('a', 1), signatory('b', 3)]);
    expect(reset.map((s) => s.placement)).toEqual([null, null]);
    expect(reset.map((s) => [s.key, s.name, s.email, s.mobile])).toEqual([
      ['a', 'Name a', 'a@example.lu', '+352621123456'],
      ['b', 'Name b', 'b@example.lu', '+352621123456'],
    ]);
  });
});

describe('dropPlacementsBeyond', () => {
  it('drops only the placements on pages a shorter document does not have', () => {
    const kept = dropPlacementsBeyond([signatory('a', 2), signatory('b', 5), signatory('c')], 3);
    expect(kept.map((s) => s.placement?.page ?? null)).toEqual([2, null, null]);
  });
});

describe('sharingCorner', () => {
  it('finds the others placed in the same corner of the same page', () => {
    const list = [signatory('a', 1), signatory('b', 1), signatory('c', 2)];
    expect(sharingCorner(list, 'a').map((s) => s.key)).toEqual(['b']);
    expect(sharingCorner(list, 'c')).toEqual([]);
  });
});
