import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { ErrorCode, type PublicConfig, type SignatureRequestView } from '@esign/shared';
import { preparedQuery, preparedStatement } from '../../src/common/prepared-query';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { cognitoCall, initiateAuth, poolEndpoint } from '../support/cognito';
import { createMember, signInAdministrator, type Member } from '../support/members';
import { fixturePdf, nextMobile, signatureInput, uploadPdf } from '../support/signature-fixtures';

const NUL = '\u0000';

/**
 * Input no handler can store: a NUL character (no PostgreSQL text holds one), page bounds beyond any
 * integer the database takes, days and months that do not exist. Each is a 4xx that changes nothing, and
 * the product keeps answering afterwards.
 */
describe('attacks with hostile input', () => {
  let testApp: TestApp;
  let adminToken: string;
  let member: Member;
  let config: PublicConfig;
  const as = (token: string) => ({
    get: (path: string) => request(testApp.url).get(path).set('Authorization', `Bearer ${token}`),
    put: (path: string, body: string | object) =>
      request(testApp.url)
        .put(path)
        .set('Authorization', `Bearer ${token}`)
        .set('Content-Type', 'application/json')
        .send(body),
    post: (path: string, body: object) =>
      request(testApp.url).post(path).set('Authorization', `Bearer ${token}`).send(body),
  });
  const filterOf = (value: object) => encodeURIComponent(JSON.stringify(value));

  /** The product still answers: the member's list, the administrator's sign-in. */
  async function stillServing(): Promise<void> {
    for (let i = 0; i < 3; i += 1) await as(member.token).get('/api/signatures').expect(200);
    const tokens = await initiateAuth(
      poolEndpoint(testApp.url, config),
      config.cognito.clientId,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    );
    expect(tokens.IdToken).toBeTruthy();
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    config = (await request(testApp.url).get('/api/config').expect(200)).body as PublicConfig;
    adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, { email: 'nul@agence.test', name: 'Agence Nul' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('a NUL character', () => {
    it('in a list filter is a validation error, on every list', async () => {
      for (const [token, path] of [
        [member.token, '/api/signatures'],
        [adminToken, '/api/users'],
      ] as const) {
        const response = await as(token)
          .get(`${path}?filter=${filterOf({ q: `${NUL}ab` })}`)
          .expect(422);
        expect(response.body).toMatchObject({
          code: ErrorCode.VALIDATION_FAILED,
          errors: { filter: 'validation.json' },
        });
      }
      await stillServing();
    });

    it('anywhere in the address is a bad request', async () => {
      for (const path of [
        '/api/signatures?filter=%7B%22q%22%3A%22%00ab%22%7D',
        '/api/signatures?q=%00',
        '/api/signatures/abc%00def',
      ]) {
        const response = await as(member.token).get(path).expect(400);
        expect(response.body).toMatchObject({ code: ErrorCode.BAD_REQUEST });
      }
      await stillServing();
    });

    it('in a JSON body is a bad request, and the account is left as it was', async () => {
      const before = (await as(member.token).get('/api/users/me').expect(200)).body as { name: string };
      const response = await as(member.token)
        .put(`/api/users/${member.id}`, `{"name":"Agence\\u0000Nulle"}`)
        .expect(400);
      expect(response.body).toMatchObject({ code: ErrorCode.BAD_REQUEST });
      const after = (await as(member.token).get('/api/users/me').expect(200)).body as { name: string };
      expect(after.name).toBe(before.name);
      await stillServing();
    });

    it('sent to the user pool is a malformed request, and the pool keeps working', async () => {
      const response = await request(testApp.url)
        .post(new URL(poolEndpoint(testApp.url, config)).pathname)
        .set('Content-Type', 'application/x-amz-json-1.1')
        .set('X-Amz-Target', 'AWSCognitoIdentityProviderService.ForgotPassword')
        .send(`{"ClientId":"${config.cognito.clientId}","Username":"x\\u0000@x.lu"}`)
        .expect(400);
      expect(response.body).toEqual({ __type: 'InvalidParameterException', message: 'Malformed request' });
      await expect(
        cognitoCall(poolEndpoint(testApp.url, config), 'ForgotPassword', {
          ClientId: config.cognito.clientId,
          Username: 'nobody@agence.test',
        }),
      ).resolves.toBeDefined();
      await stillServing();
    });
  });

  const embedded = !process.env.DATABASE_URL;
  (embedded ? it : it.skip)(
    'keeps serving after the embedded database dropped its connection mid-statement',
    async () => {
      // A statement PGlite throws on: its socket server drops the connection, the session (and the
      // statements the lost connection had prepared) lives on.
      const dataSource = testApp.app.get<DataSource>(getDataSourceToken());
      await as(member.token).get('/api/signatures').expect(200);
      const echo = preparedStatement('SELECT $1::text AS t');
      await expect(preparedQuery(dataSource, echo, [`a${NUL}b`])).rejects.toThrow();
      await stillServing();
    },
  );

  describe('page bounds beyond any integer', () => {
    it.each(['[1e300,1e300]', '[9007199254740993,9007199254740999]', '[0,1e400]'])(
      'refuses range=%s on every list',
      async (range) => {
        for (const [token, path] of [
          [member.token, '/api/signatures'],
          [adminToken, '/api/users'],
        ] as const) {
          const response = await as(token)
            .get(`${path}?range=${encodeURIComponent(range)}`)
            .expect(422);
          expect(response.body).toMatchObject({ errors: { range: 'validation.range' } });
        }
      },
    );
  });

  describe('bodies and filters the API would not read', () => {
    it.each([
      ['text/plain', '{"name":"Agence Changée"}'],
      ['application/x-www-form-urlencoded', 'name=Agence%20Chang%C3%A9e'],
      ['', '{"name":"Agence Changée"}'],
    ])('refuses a body sent as %j, and changes nothing', async (type, body) => {
      const before = (await as(member.token).get('/api/users/me').expect(200)).body as { name: string };
      const call = request(testApp.url)
        .put(`/api/users/${member.id}`)
        .set('Authorization', `Bearer ${member.token}`);
      // Without a type superagent names one itself: the header is removed from the raw request instead.
      if (type) call.set('Content-Type', type);
      else
        call.on('request', ({ req }: { req: { removeHeader(name: string): void } }) =>
          req.removeHeader('Content-Type'),
        );
      const response = await call.send(body).expect(415);
      expect(response.body).toMatchObject({ code: ErrorCode.UNSUPPORTED_MEDIA_TYPE });
      const after = (await as(member.token).get('/api/users/me').expect(200)).body as { name: string };
      expect(after.name).toBe(before.name);
    });

    it('answers an unknown address and a call without a token as such, whatever the body', async () => {
      await request(testApp.url)
        .post('/api/timestamp')
        .set('Authorization', `Bearer ${member.token}`)
        .set('Content-Type', 'text/plain')
        .send('hello')
        .expect(404);
      await request(testApp.url)
        .put(`/api/users/${member.id}`)
        .set('Content-Type', 'text/plain')
        .send('{"name":"Agence Changée"}')
        .expect(401);
    });

    it('takes a JSON body of a JSON-based type, and an empty body of no type', async () => {
      await request(testApp.url)
        .put(`/api/users/${member.id}`)
        .set('Authorization', `Bearer ${member.token}`)
        .set('Content-Type', 'application/merge-patch+json; charset=utf-8')
        .send('{"name":"Agence Nul"}')
        .expect(200);
      const response = await request(testApp.url)
        .post('/api/verify_token')
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200);
      expect(response.body).toMatchObject({ id: member.id });
    });

    it('refuses a search that is not a text, on every list', async () => {
      for (const [token, path] of [
        [member.token, '/api/signatures'],
        [adminToken, '/api/users'],
      ] as const) {
        for (const q of [{ $ne: null }, 12, ['ab']]) {
          const response = await as(token)
            .get(`${path}?filter=${filterOf({ q })}`)
            .expect(422);
          expect(response.body).toMatchObject({ errors: { 'filter.q': 'validation.isString' } });
        }
      }
    });
  });

  describe('invisible characters', () => {
    /** Zero-width, soft hyphen, Mongolian separator, deprecated format, annotation, tag, filler, BOM, … */
    const INVISIBLE = [
      '\u200b',
      '\u2060',
      '\u00ad',
      '\u180e',
      '\u206a',
      '\ufff9',
      '\ufffa',
      '\ufffb',
      '\u{e0001}\u{e0041}\u{e007f}',
      '\u3164',
      '\ufeff',
      '\ufe0f',
      '\u202e',
    ];
    // A joiner is kept between two letters (Persian needs it), so it is only put where no word needs it.
    const hidden = (text: string) =>
      '\u200d' +
      Array.from(text)
        .map((character, index) => `${character}${INVISIBLE[index % INVISIBLE.length]}`)
        .join('');

    it('are removed from a signatory, a title and a document name before they are stored', async () => {
      const { documentId } = await uploadPdf(
        testApp.url,
        member.token,
        fixturePdf('minimal-document.pdf'),
        hidden('acte.pdf'),
      );
      const input = signatureInput(documentId);
      const created = await as(member.token)
        .post('/api/signatures', {
          ...input,
          signatureTitle: hidden('Compromis Gare'),
          documentName: hidden('compromis.pdf'),
          signatories: [{ ...input.signatories[0]!, name: hidden('Anne Muller'), mobile: nextMobile() }],
        })
        .expect(201);
      const id = (created.body as SignatureRequestView).id;
      const dataSource = testApp.app.get<DataSource>(getDataSourceToken());
      const [stored] = await dataSource.query<{ title: string; document_name: string; name: string }[]>(
        `SELECT r.title, r.document_name, s.name FROM signature_request r JOIN signatory s ON s.request_id = r.id
          WHERE r.id = $1`,
        [id],
      );
      expect(stored).toEqual({
        title: 'Compromis Gare',
        document_name: 'compromis.pdf',
        name: 'Anne Muller',
      });
      const [document] = await dataSource.query<{ file_name: string }[]>(
        'SELECT file_name FROM document WHERE id = $1',
        [documentId],
      );
      expect(document?.file_name).toBe('acte.pdf');
    });

    it('keep no member name', async () => {
      await as(member.token)
        .put(`/api/users/${member.id}`, { name: hidden('Agence Nul') })
        .expect(200);
      const me = (await as(member.token).get('/api/users/me').expect(200)).body as { name: string };
      expect(me.name).toBe('Agence Nul');
    });

    it.each(['anne\u202e@example.lu', 'ul.elpmaxe@\u202eenna', 'an\u200bne@example.lu'])(
      'in an e-mail address are refused with 422, and nothing is stored (%j)',
      async (email) => {
        const { documentId } = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
        const input = signatureInput(documentId);
        const before = (await as(member.token).get('/api/signatures').expect(200)).headers['content-range'];
        const refused = await as(member.token)
          .post('/api/signatures', {
            ...input,
            signatories: [{ ...input.signatories[0]!, email, mobile: nextMobile() }],
          })
          .expect(422);
        expect(refused.body).toMatchObject({
          code: ErrorCode.VALIDATION_FAILED,
          errors: { 'signatories.0.email': 'validation.email' },
        });
        const member2 = await as(adminToken)
          .post('/api/users', { name: 'Agence Inverse', email, mobile: '621 123 457', language: 'fr' })
          .expect(422);
        expect(member2.body).toMatchObject({ errors: { email: 'validation.isEmail' } });
        expect((await as(member.token).get('/api/signatures').expect(200)).headers['content-range']).toBe(
          before,
        );
      },
    );
  });

  describe('days and months that do not exist', () => {
    it('refuses a price list from 30 February, and stores nothing', async () => {
      const before = (await as(adminToken).get('/api/billing/prices').expect(200)).body as unknown[];
      const response = await as(adminToken)
        .post('/api/billing/prices', {
          simpleRequestCents: 150,
          advancedRequestCents: 450,
          qualifiedRequestCents: 900,
          smsCents: 12,
          vatRatePercent: 17,
          memberMonthlyFeeCents: null,
          effectiveFrom: '2099-02-30',
        })
        .expect(422);
      expect(response.body).toMatchObject({ errors: { effectiveFrom: 'validation.date' } });
      expect((await as(adminToken).get('/api/billing/prices').expect(200)).body).toEqual(before);
    });

    it('answers a statement of year 0 as an unknown address', async () => {
      await as(member.token).get('/api/billing/0000-01').expect(404);
      await as(adminToken).get('/api/billing/0000-01.csv').expect(404);
    });
  });
});
