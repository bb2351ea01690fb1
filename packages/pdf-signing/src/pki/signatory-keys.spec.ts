import { KeyObject } from 'node:crypto';
import { SignatoryKeySource, generateSignatoryKeyPair } from './signatory-keys';
import { webCrypto } from './signing-keys';

async function publicKeyOf(keys: CryptoKeyPair): Promise<string> {
  return Buffer.from(await webCrypto.subtle.exportKey('spki', keys.publicKey)).toString('hex');
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('signatory keys', () => {
  it('makes ECDSA P-256 and RSA-3072 keys whose private half cannot be exported', async () => {
    const ecdsa = await generateSignatoryKeyPair('ecdsa-p256');
    expect(KeyObject.from(ecdsa.publicKey).asymmetricKeyDetails).toMatchObject({ namedCurve: 'prime256v1' });
    expect(ecdsa.privateKey.extractable).toBe(false);
    await expect(webCrypto.subtle.exportKey('pkcs8', ecdsa.privateKey)).rejects.toThrow();
    const rsa = await generateSignatoryKeyPair('rsa-3072');
    expect(KeyObject.from(rsa.publicKey).asymmetricKeyDetails).toMatchObject({ modulusLength: 3072 });
    expect(rsa.privateKey.extractable).toBe(false);
  });

  it('hands each key out once, making it on the spot when none was made ahead', async () => {
    const source = new SignatoryKeySource({ type: 'ecdsa-p256', ahead: 0 });
    const keys = await Promise.all(Array.from({ length: 6 }, () => source.take()));
    expect(new Set(await Promise.all(keys.map(publicKeyOf))).size).toBe(6);
    expect(source.readyCount).toBe(0);
  });

  it('keeps up to `ahead` keys ready, replaces each one taken and never hands one out twice', async () => {
    const source = new SignatoryKeySource({ type: 'ecdsa-p256', ahead: 3 });
    source.fill();
    await until(() => source.readyCount === 3);
    const taken: string[] = [];
    for (let index = 0; index < 7; index += 1) taken.push(await publicKeyOf(await source.take()));
    expect(new Set(taken).size).toBe(7);
    await until(() => source.readyCount === 3);
    // Filling again while full makes nothing more.
    source.fill();
    expect(source.readyCount).toBe(3);
  });

  it('drops keys left unused too long instead of handing them out', async () => {
    let now = 1_000_000;
    const source = new SignatoryKeySource({ type: 'ecdsa-p256', ahead: 2 }, () => now);
    source.fill();
    await until(() => source.readyCount === 2);
    const waiting = await Promise.all([0, 1].map(async () => publicKeyOf(await source.take())));
    await until(() => source.readyCount === 2);
    now += 16 * 60 * 1000;
    expect(source.readyCount).toBe(0);
    const fresh = await publicKeyOf(await source.take());
    expect(waiting).not.toContain(fresh);
  });
});
