import request from 'supertest';
import { ErrorCode, type VerificationReport } from '@esign/shared';
import { startTestApp, type TestApp } from './support/test-app';
import { completeExternalSignature, prepareExternalSignature, readRevision } from '@esign/pdf-signing';
import { startCscStandIn, submitConsent, type CscStandIn } from '@esign/pdf-signing/testing';
import { CscClient, pkcePair, type CscScope } from '../src/modules/signing/qualified/csc-client';
import { fixturePdf } from './support/signature-fixtures';

describe('public verification of a PDF', () => {
  let testApp: TestApp;
  const verify = (bytes: Buffer, name = 'document.pdf') =>
    request(testApp.url)
      .post('/api/verify')
      .attach('file', bytes, { filename: name, contentType: 'application/pdf' });

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers for an unsigned PDF that it holds no signature and is unknown here', async () => {
    const report = (await verify(fixturePdf('pdflatex-4-pages.pdf')).expect(200)).body as VerificationReport;
    expect(report).toEqual({
      signatures: [],
      sealedByPlatform: false,
      unchangedSinceSeal: false,
      auditChainValid: null,
    });
  });

  it('refuses what is not a PDF, a missing file and a file over 10 MB', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await verify(png, 'x.pdf').expect(415)).body.code).toBe(ErrorCode.NOT_A_PDF);
    const missing = await request(testApp.url).post('/api/verify').field('other', 'x').expect(422);
    expect(missing.body.errors.file).toBe('validation.required');
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await verify(big)).status).toBe(413);
  });
});

describe('verification of a signature made at a qualified trust-service provider', () => {
  let testApp: TestApp;
  let provider: CscStandIn;
  const redirectUri = 'http://127.0.0.1:3000/api/signing/qualified/callback';

  beforeAll(async () => {
    [testApp, provider] = await Promise.all([
      startTestApp(),
      startCscStandIn({ clientId: 'esign', clientSecret: 'secret', redirectUris: [redirectUri] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([testApp.close(), provider.close()]);
  });

  /** The whole remote signature: the signatory's credential, the hash authorised, signed at the provider. */
  async function signedAtProvider(name: string): Promise<Buffer> {
    const client = new CscClient({
      baseUrl: provider.url,
      clientId: 'esign',
      clientSecret: 'secret',
      redirectUri,
    });
    const authorised = async (scope: CscScope, login?: string) => {
      const pkce = pkcePair();
      const back = await submitConsent(
        await client.authorizationUrl(scope, 'state', pkce.challenge, 'fr'),
        'approve',
        login,
      );
      return (await client.exchangeCode(back.searchParams.get('code') ?? '', pkce.verifier)).accessToken;
    };
    const service = await authorised({ scope: 'service' }, name);
    const [credentialId] = await client.listCredentials(service);
    const credential = await client.credential(service, credentialId ?? '');
    const [certificateDer = Buffer.alloc(0), ...chainDer] = credential.certificatesDer;
    const signer = { certificateDer, chainDer };
    const prepared = prepareExternalSignature(await readRevision(fixturePdf('pdflatex-4-pages.pdf')), {
      signer,
      timestamped: false,
      name,
    });
    const sad = await authorised({
      scope: 'credential',
      credentialId: credential.id,
      hash: prepared.toBeSignedSha256,
    });
    const value = await client.signHash(sad, credential, prepared.toBeSignedSha256, 'verification-test');
    return completeExternalSignature(prepared, signer, value);
  }

  it("names the certificate's issuer and its qualified claims, and does not trust a root it does not know", async () => {
    const pdf = await signedAtProvider('Hélène Qualifiée');
    const report = (
      await request(testApp.url)
        .post('/api/verify')
        .attach('file', pdf, { filename: 'qualified.pdf', contentType: 'application/pdf' })
        .expect(200)
    ).body as VerificationReport;
    expect(report.signatures).toEqual([
      expect.objectContaining({
        kind: 'signature',
        signer: 'Hélène Qualifiée',
        intact: true,
        // The stand-in's CA is not among this platform's trust anchors.
        trusted: false,
        valid: false,
        issuer: 'Development only',
        qualified: { certificate: true, qscd: true },
      }),
    ]);
  });
});
