import request from 'supertest';
import jwt from 'jsonwebtoken';
import sharp from 'sharp';
import {
  type PdfCompleteResponse,
  type PdfUploadResponse,
  type PublicConfig,
  type SignatureDownloadResponse,
  type SigningPageData,
  type UserView,
} from '@esign/shared';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './support/test-app';
import { initiateAuth, poolEndpoint } from './support/cognito';
import { createMember, type Member } from './support/members';
import { fixturePdf } from './support/signature-fixtures';
import { waitUntilSigned } from './support/sealing';
import { SigningDriver } from './support/signing-flow';

/** The address the product names itself by: nothing listens there. */
const PUBLIC_URL = 'https://esign.chambre.example';
/** Another address the same server is reached at: a LAN address, as a browser on the network sends it. */
const LAN_HOST = '192.168.1.20:3000';

describe('any address: the API works at whatever address the browser used (API)', () => {
  let testApp: TestApp;
  let config: PublicConfig;
  let adminToken: string;
  let member: Member;
  /** A request to the test server that says it was sent to the LAN address. */
  const onLan = (method: 'get' | 'post' | 'put', path: string, token?: string): request.Test => {
    const test = request(testApp.url)[method](path).set('Host', LAN_HOST);
    return token ? test.set('Authorization', `Bearer ${token}`) : test;
  };
  /** The answer's bytes, whatever its content type. */
  const bytesOf = (test: request.Test): request.Test =>
    test.buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const newestMail = async (to: string): Promise<string> =>
    (await testApp.app.get(OutboxService).newestFor(to)).find((message) => message.channel === 'email')
      ?.body ?? '';

  beforeAll(async () => {
    testApp = await startTestApp({ env: { PUBLIC_URL, SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    config = (await onLan('get', '/api/config').expect(200)).body as PublicConfig;
    const tokens = await initiateAuth(
      poolEndpoint(testApp.url, config),
      config.cognito.clientId,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    );
    adminToken = tokens.IdToken ?? '';
    member = await createMember(testApp, adminToken, { email: 'contact@agence-lan.lu', name: 'Agence LAN' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("gives the pool's address as a path, the same whatever the Host or PUBLIC_URL", async () => {
    expect(config.cognito.endpoint).toBe('/cognito');
    const direct = await request(testApp.url).get('/api/config').expect(200);
    const proxied = await request(testApp.url)
      .get('/api/config')
      .set('Host', 'esign.other-name.example')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(direct.body).toEqual(config);
    expect(proxied.body).toEqual(config);
  });

  it('signs in on another address; the token still names PUBLIC_URL as its issuer and the API accepts it', async () => {
    const claims = jwt.decode(adminToken) as { iss?: string } | null;
    expect(claims?.iss).toBe(`${PUBLIC_URL}/cognito/${config.cognito.userPoolId}`);
    const me = await onLan('get', '/api/users/me', adminToken).expect(200);
    expect((me.body as UserView).email).toBe(ADMIN_EMAIL);
  });

  it('e-mails links on PUBLIC_URL, whatever address the administrator used', async () => {
    await onLan('post', '/api/users', adminToken)
      .send({
        name: 'Agence Moselle',
        email: 'contact@agence-moselle.lu',
        mobile: '621 555 010',
        language: 'fr',
      })
      .expect(201);
    const welcome = await newestMail('contact@agence-moselle.lu');
    expect(welcome).toContain(`${PUBLIC_URL}/auth/login`);
    expect(welcome).not.toContain(LAN_HOST);
  });

  it('hands out upload and logo addresses that work on the address the member used', async () => {
    const issued = await onLan('get', '/api/users/me/avatar', member.token).expect(200);
    const uploadUrl = (issued.body as { avatar: { url: string } }).avatar.url;
    expect(uploadUrl).toMatch(/^\/api\/files\//);
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    await onLan('put', uploadUrl).set('Content-Type', 'image/png').send(logo).expect(204);
    await onLan('post', '/api/users/me/avatar', member.token).expect(200);
    const me = (await onLan('get', '/api/users/me', member.token).expect(200)).body as UserView;
    expect(me.logoUrl).toMatch(/^\/api\/files\//);
    const served = await onLan('get', me.logoUrl ?? '').expect(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it("serves the signing page's document and the sealed one on the address the signatory used", async () => {
    const pdf = fixturePdf('pdflatex-4-pages.pdf');
    const issued = await onLan('post', '/api/pdf', member.token)
      .send({ documentType: 'CUSTOM', size: pdf.length, fileName: 'compromis.pdf' })
      .expect(201);
    const { fileId, url } = issued.body as PdfUploadResponse;
    expect(url).toMatch(/^\/api\/files\//);
    await onLan('put', url).set('Content-Type', 'application/pdf').send(pdf).expect(204);
    const completed = await onLan('post', `/api/pdf/${fileId}/complete`, member.token).expect(200);
    const { documentId } = completed.body as PdfCompleteResponse;

    const driver = new SigningDriver(testApp, member.token);
    const [signatory] = driver.invitees(1, 'lan');
    const created = await driver.createRequest(documentId, [signatory!]);
    const invitation = await newestMail(signatory!.email);
    expect(invitation).toContain(`${PUBLIC_URL}/sign/${created.id}?key=`);

    const key = await driver.keyOf(signatory!.email);
    const page = (await onLan('get', `/api/signatures/${created.id}`).query({ key }).expect(200))
      .body as SigningPageData;
    // The link's own route, relative: it works on whatever address the signatory used.
    expect(page.documentUrl).toMatch(/^\/api\/signatures\/[0-9a-f-]{36}\/document\?key=/);
    const shown = await bytesOf(onLan('get', page.documentUrl)).expect(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect((shown.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await driver.signAs(created.id, signatory!);
    await waitUntilSigned(testApp, member.token, created.id);
    const signedPage = (await onLan('get', `/api/signatures/${created.id}`).query({ key }).expect(200))
      .body as SigningPageData;
    expect(signedPage.status).toBe('SIGNED');
    const sealed = await bytesOf(onLan('get', signedPage.documentUrl)).expect(200);
    expect((sealed.body as Buffer).length).toBeGreaterThan(pdf.length);

    const download = (await onLan('get', `/api/signatures/${created.id}/download`, member.token).expect(200))
      .body as SignatureDownloadResponse;
    expect(download.documentUrl).toMatch(/^\/api\/files\//);
    await onLan('get', download.documentUrl).expect(200);
    expect(await newestMail(member.email)).toContain(`${PUBLIC_URL}/signatures/${created.id}/download`);
  });
});
