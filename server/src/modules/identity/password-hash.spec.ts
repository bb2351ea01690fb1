import { decoyHash, hashPassword, isPasswordHash, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it('verifies the password a hash was made from, and no other', async () => {
    const stored = await hashPassword('Bonne-Passw0rd');
    expect(isPasswordHash(stored)).toBe(true);
    expect(stored).not.toContain('Bonne-Passw0rd');
    expect(await verifyPassword('Bonne-Passw0rd', stored)).toBe(true);
    expect(await verifyPassword('bonne-Passw0rd', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('Pareil-Passw0rd')).not.toBe(await hashPassword('Pareil-Passw0rd'));
  });

  it('refuses what is not a hash, and costs it would take too long to check', async () => {
    expect(await verifyPassword('Bonne-Passw0rd', 'Bonne-Passw0rd')).toBe(false);
    const stored = await hashPassword('Bonne-Passw0rd');
    expect(await verifyPassword('Bonne-Passw0rd', stored.replace('$16384$', '$1073741824$'))).toBe(false);
  });

  it('keeps a decoy that no password opens, for unknown accounts', async () => {
    const decoy = await decoyHash();
    expect(decoy).toBe(await decoyHash());
    expect(await verifyPassword('Bonne-Passw0rd', decoy)).toBe(false);
  });
});
