import { describe, expect, it } from 'vitest';
import { avatarSize, isAcceptedAvatar } from './avatarImage';
import { passwordStrength } from './passwordStrength';

describe('passwordStrength', () => {
  it('scores an empty password 0', () => {
    expect(passwordStrength('')).toBe(0);
  });

  it('keeps short passwords weak whatever they contain', () => {
    expect(passwordStrength('Ab1!')).toBe(1);
  });

  it('counts the kinds of characters of long enough passwords', () => {
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('Abcdefgh')).toBe(2);
    expect(passwordStrength('Abcdefg1')).toBe(3);
    expect(passwordStrength('Abcdef1!')).toBe(4);
  });
});

describe('avatar images', () => {
  it('accepts PNG and JPEG files only', () => {
    expect(isAcceptedAvatar({ name: 'logo.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedAvatar({ name: 'logo.JPEG', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedAvatar({ name: 'logo.gif', type: 'image/gif' })).toBe(false);
    expect(isAcceptedAvatar({ name: 'logo.svg', type: 'image/svg+xml' })).toBe(false);
  });

  it('fits landscape logos to 210 wide and portrait ones to 190 high', () => {
    expect(avatarSize(420, 210)).toEqual({ width: 210, height: 105 });
    expect(avatarSize(190, 380)).toEqual({ width: 95, height: 190 });
  });
});
