import request from 'supertest';
import { type SignatureRequestView, type UserView } from '@esign/shared';
import { appWithMember } from '../support/app-with-member';
import { fixturePdf, signatureInput, uploadPdf } from '../support/signature-fixtures';

/** Hostile bodies: sizes, nesting, malformed JSON, and text that hides its direction or forges lines. */
describe('attacks with bodies', () => {
  const context = appWithMember({ email: 'corps@agence.test', name: 'Agence Corps' });
  const countUsers = async () =>
    Number(
      (
        await request(context.testApp.url)
          .get('/api/users')
          .query({ range: '[0,0]' })
          .set('Authorization', `Bearer ${context.adminToken}`)
          .expect(200)
      ).headers['content-range']?.split('/')[1],
    );

  describe('bodies', () => {
    it('answers a 16 MB JSON body with 413 in the error contract, and creates nothing', async () => {
      const before = await countUsers();
      const response = await request(context.testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${context.adminToken}`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ name: 'x'.repeat(16 * 1024 * 1024), email: 'gros@agence.test' }))
        .expect(413);
      expect(response.body).toEqual({
        statusCode: 413,
        code: 'FILE_TOO_LARGE',
        message: 'errors.FILE_TOO_LARGE',
      });
      expect(await countUsers()).toBe(before);
    });

    it('answers 200,000 nested arrays with 400, before anything walks them', async () => {
      const response = await request(context.testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${context.adminToken}`)
        .set('Content-Type', 'application/json')
        .send(`{"name":${'['.repeat(200_000)}${']'.repeat(200_000)}}`)
        .expect(400);
      expect(response.body.code).toBe('BAD_REQUEST');
      const signing = await request(context.testApp.url)
        .post('/api/verify_token')
        .set('Content-Type', 'application/json')
        .send(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`);
      expect(signing.status).toBe(400);
    });

    it('does not count brackets inside strings as nesting', async () => {
      const response = await request(context.testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${context.adminToken}`)
        .send({
          name: `Agence ${'['.repeat(40)}`,
          email: 'crochets@agence.test',
          mobile: '621 555 201',
          language: 'fr',
        })
        .expect(201);
      expect((response.body as UserView).name).toBe(`Agence ${'['.repeat(40)}`);
    });

    it('answers malformed JSON with 400 and a JSON array where an object is expected with a 4xx', async () => {
      const malformed = await request(context.testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${context.adminToken}`)
        .set('Content-Type', 'application/json')
        .send('{"name": "Agence", ')
        .expect(400);
      expect(malformed.body.code).toBe('BAD_REQUEST');
      const array = await request(context.testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${context.adminToken}`)
        .set('Content-Type', 'application/json')
        .send('[1,2,3]');
      expect(array.status).toBeGreaterThanOrEqual(400);
      expect(array.status).toBeLessThan(500);
    });
  });

  describe('text that hides its direction or forges lines', () => {
    it('stores a member name and address on one line, without direction controls', async () => {
      const created = await request(context.testApp.url)
        .post('/api/users')
        .set('Authorization', `Bearer ${context.adminToken}`)
        .send({
          name: 'Agence\u202e Schmit\n[2026-01-01] FAKE',
          email: 'bidi@agence.test',
          mobile: '621 555 202',
          language: 'fr',
        })
        .expect(201);
      expect((created.body as UserView).name).toBe('Agence Schmit [2026-01-01] FAKE');
      const updated = await request(context.testApp.url)
        .put(`/api/users/${(created.body as UserView).id}`)
        .set('Authorization', `Bearer ${context.adminToken}`)
        .send({
          additionalInfo: {
            address: { addressLine1: '12 rue\r\nde la Gare\u2066', city: 'Esch\u202b' },
            company: { name: 'Immo\u2028Schmit' },
          },
        })
        .expect(200);
      const info = (updated.body as UserView).additionalInfo;
      expect(info?.address?.addressLine1).toBe('12 rue de la Gare');
      expect(info?.address?.city).toBe('Esch');
      expect(info?.company?.name).toBe('Immo Schmit');
    });

    it('stores signatory names and the request title without direction controls', async () => {
      const document = await uploadPdf(
        context.testApp.url,
        context.member.token,
        fixturePdf('minimal-document.pdf'),
      );
      const input = signatureInput(document.documentId, {
        signatureTitle: 'Compromis\u202e fdp.exe',
        signatories: [
          {
            name: 'Marc\u202e Schmit',
            email: 'marc@example.lu',
            mobile: '+352621555203',
            order: 1,
            placement: { page: 1, position: 'bottom-right' },
          },
        ],
      });
      const created = await request(context.testApp.url)
        .post('/api/signatures')
        .set('Authorization', `Bearer ${context.member.token}`)
        .send(input)
        .expect(201);
      const view = created.body as SignatureRequestView;
      expect(view.signatureTitle).toBe('Compromis fdp.exe');
      expect(view.signatories.map((s) => s.name)).toEqual(['Marc Schmit']);
    });
  });
});
