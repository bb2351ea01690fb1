import { createHash } from 'node:crypto';
import { qualifiedStatementsOf } from '@esign/pdf-signing';
import { startCscStandIn, submitConsent as consent, type CscStandIn } from '@esign/pdf-signing/testing';
import { CscClient, CscError, pkcePair, type CscScope } from './csc-client';

const REDIRECT_URI = 'http://127.0.0.1:3000/api/signing/qualified/callback';

describe('CSC API v2 client, against a stand-in provider', () => {
  let provider: CscStandIn;
  let client: CscClient;

  beforeAll(async () => {
    provider = await startCscStandIn({
      clientId: 'esign',
      clientSecret: 'secret',
      redirectUris: [REDIRECT_URI],
    });
  });
  beforeEach(() => {
    Object.assign(provider.switches, {
      down: false,
      delayMs: 0,
      notQualified: false,
      wrongSignature: false,
      noTimestamp: false,
    });
    client = new CscClient({
      baseUrl: provider.url,
      clientId: 'esign',
      clientSecret: 'secret',
      redirectUri: REDIRECT_URI,
      timeoutMs: 1_000,
    });
  });
  afterAll(() => provider.close());

  async function authorise(scope: CscScope, login?: string) {
    const pkce = pkcePair();
    const url = await client.authorizationUrl(scope, 'state-1', pkce.challenge, 'fr');
    const back = await consent(url, 'approve', login);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code') ?? '';
    return { code, pkce, ...(await client.exchangeCode(code, pkce.verifier)) };
  }

  it("reads the signatory's qualified credential, then signs exactly the authorised hash once", async () => {
    const service = await authorise({ scope: 'service' }, 'Anne Qualifiée');
    const [credentialId] = await client.listCredentials(service.accessToken);
    const credential = await client.credential(service.accessToken, credentialId ?? '');
    expect(credential.usable).toBe(true);
    expect(credential.certificatesDer.length).toBeGreaterThanOrEqual(2);
    expect(qualifiedStatementsOf(credential.certificatesDer[0] ?? Buffer.alloc(0))).toMatchObject({
      qcCompliance: true,
      qcSscd: true,
    });

    const hash = createHash('sha256').update('the signed attributes').digest();
    const sad = await authorise({ scope: 'credential', credentialId: credential.id, hash });
    const signature = await client.signHash(sad.accessToken, credential, hash, 'transaction-1');
    expect(signature.length).toBe(256);
    expect(provider.signed.at(-1)).toEqual({ credentialId: credential.id, clientData: 'transaction-1' });
    // The SAD signs once.
    await expect(client.signHash(sad.accessToken, credential, hash, 'transaction-1')).rejects.toMatchObject({
      kind: 'REFUSED',
    });
  });

  it('refuses a hash other than the authorised one, a replayed code and a wrong PKCE verifier', async () => {
    const service = await authorise({ scope: 'service' }, 'Bruno Rejoué');
    await expect(client.exchangeCode(service.code, service.pkce.verifier)).rejects.toMatchObject({
      kind: 'REFUSED',
      providerError: 'invalid_grant',
    });
    const [credentialId] = await client.listCredentials(service.accessToken).catch(() => ['']);
    // The replay revoked the tokens that code gave: a fresh authorisation is needed.
    expect(credentialId).toBe('');
    const again = await authorise({ scope: 'service' }, 'Bruno Rejoué');
    const credential = await client.credential(
      again.accessToken,
      (await client.listCredentials(again.accessToken))[0] ?? '',
    );
    const hash = createHash('sha256').update('one').digest();
    const sad = await authorise({ scope: 'credential', credentialId: credential.id, hash });
    await expect(
      client.signHash(sad.accessToken, credential, createHash('sha256').update('two').digest(), 't'),
    ).rejects.toMatchObject({ kind: 'REFUSED' });

    const pkce = pkcePair();
    const url = await client.authorizationUrl({ scope: 'service' }, 's', pkce.challenge, 'fr');
    const back = await consent(url, 'approve', 'Bruno Rejoué');
    await expect(
      client.exchangeCode(back.searchParams.get('code') ?? '', pkcePair().verifier),
    ).rejects.toMatchObject({
      kind: 'REFUSED',
    });
  });

  it('brings the signatory back with access_denied when they cancel at the provider', async () => {
    const pkce = pkcePair();
    const back = await consent(
      await client.authorizationUrl({ scope: 'service' }, 'state-2', pkce.challenge, 'fr'),
      'cancel',
    );
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-2');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('says UNAVAILABLE when the provider is down or too slow, after retrying reads only', async () => {
    const service = await authorise({ scope: 'service' }, 'Chloé Patiente');
    provider.switches.down = true;
    await expect(client.listCredentials(service.accessToken)).rejects.toMatchObject({ kind: 'UNAVAILABLE' });
    provider.switches.down = false;
    provider.switches.delayMs = 1_500;
    const before = provider.requests.length;
    const failure = await client.listCredentials(service.accessToken).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CscError);
    expect((failure as CscError).kind).toBe('UNAVAILABLE');
    expect((failure as CscError).message).toMatch(/in time/);
    // A read is tried three times before giving up.
    expect(provider.requests.slice(before)).toEqual(Array(3).fill('POST /csc/v2/credentials/list'));
  });

  it('asks the provider for time-stamps only when it offers them', async () => {
    const service = await authorise({ scope: 'service' }, 'Denis Horodaté');
    const hash = createHash('sha256').update('signature value').digest();
    expect(await client.timestamp(service.accessToken, hash)).toBeInstanceOf(Buffer);
    provider.switches.noTimestamp = true;
    const fresh = new CscClient({
      baseUrl: provider.url,
      clientId: 'esign',
      clientSecret: 'secret',
      redirectUri: REDIRECT_URI,
    });
    expect(await fresh.timestamp(service.accessToken, hash)).toBeUndefined();
  });
});
