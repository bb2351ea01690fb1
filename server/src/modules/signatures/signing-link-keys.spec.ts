import { randomBytes } from 'node:crypto';
import { hashLinkKey, matchLinkKey, SigningLinkKeys } from './signing-link-keys';

describe('signing-link keys', () => {
  const keys = new SigningLinkKeys(randomBytes(32));

  it('issues 256-bit keys that the salt and the secret alone can repeat', () => {
    const issued = keys.issue();
    expect(Buffer.from(issued.key, 'base64url')).toHaveLength(32);
    expect(keys.derive(issued.salt)).toBe(issued.key);
    expect(hashLinkKey(issued.key).equals(issued.hash)).toBe(true);
    expect(new SigningLinkKeys(randomBytes(32)).derive(issued.salt)).not.toBe(issued.key);
    expect(keys.issue().key).not.toBe(issued.key);
  });

  it('finds the signatory whose key it is, and nobody for a wrong or voided key', () => {
    const [first, second] = [keys.issue(), keys.issue()];
    const candidates = [
      { id: 'a', keyHash: first.hash },
      { id: 'b', keyHash: second.hash },
      { id: 'voided', keyHash: null },
    ];
    expect(matchLinkKey(candidates, second.key)?.id).toBe('b');
    expect(matchLinkKey(candidates, first.key)?.id).toBe('a');
    expect(matchLinkKey(candidates, keys.issue().key)).toBeNull();
    expect(matchLinkKey(candidates, '')).toBeNull();
  });
});
