import request from 'supertest';
import {
  type PdfUploadResponse,
  type SignatureDetailsView,
  type SignatureRequestView,
  type UserView,
} from '@esign/shared';
import { startTestApp, type TestApp } from '../support/test-app';
import { createMember, inviteStaff, signInAdministrator, type Member } from '../support/members';
import { fixturePdf, signatureInput, uploadPdf } from '../support/signature-fixtures';

/**
 * Every route of the OpenAPI document, tried by someone who should not reach the data behind it: with no token,
 * as the manager of another agency on the victim agency's ids, as an agent of the victim's agency on its
 * manager's ids, and as a member on the administrators' routes. A route added without a row here fails the
 * first test, so each new route gets its authorisation thought through.
 */

type Method = 'get' | 'post' | 'put' | 'delete';
interface Ids {
  /** The victim agency's manager (its id is the agency's). */
  userId: string;
  /** An agent of the victim's agency. */
  staffId: string;
  requestId: string;
  documentId: string;
  fileId: string;
  priceListId: string;
  period: string;
}
interface Route {
  /** Whether the route is reachable without a bearer token (its own key or signed URL protects it). */
  public?: boolean;
  /** The path with the victim's ids in place. */
  path: (ids: Ids) => string;
  body?: (ids: Ids) => object;
  /** What a member gets on the victim's ids, or on an administrators' route. */
  asOtherMember: number[];
  /**
   * What an agent of the victim's agency gets on its manager's ids (the manager's own request, account and
   * documents), when it differs from `asOtherMember`.
   */
  asAgent?: number[];
}

const futureDay = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const ROUTES: Record<string, Route> = {
  'get /api/health': { public: true, path: () => '/api/health', asOtherMember: [200] },
  'get /api/config': { public: true, path: () => '/api/config', asOtherMember: [200] },
  'get /api/trust/ca.pem': { public: true, path: () => '/api/trust/ca.pem', asOtherMember: [200] },
  // The provider's redirect: an unknown state changes nothing and sends the browser to the signing page.
  'get /api/signing/qualified/callback': {
    public: true,
    path: () => '/api/signing/qualified/callback?state=forged&code=forged',
    asOtherMember: [303],
  },
  'get /api/dev/outbox': { path: () => '/api/dev/outbox?to=victime@agence.test', asOtherMember: [403] },
  // Signed addresses: without a valid signature for the victim's key, nothing.
  'put /api/files/{key}': {
    public: true,
    path: (ids) => `/api/files/${ids.fileId}`,
    asOtherMember: [403, 404],
  },
  'get /api/files/{key}': {
    public: true,
    path: (ids) => `/api/files/${ids.fileId}`,
    asOtherMember: [403, 404],
  },
  'post /api/verify_token': { path: () => '/api/verify_token', asOtherMember: [200] },
  'get /api/users': { path: () => '/api/users', asOtherMember: [403] },
  // The caller's own agency: nothing of another's.
  'get /api/agency': { path: () => '/api/agency', asOtherMember: [200] },
  'get /api/agency/staff': { path: () => '/api/agency/staff', asOtherMember: [200], asAgent: [403] },
  'post /api/agency/staff': {
    path: () => '/api/agency/staff',
    body: () => ({
      name: 'Recrue',
      email: 'recrue@agence.test',
      mobile: '621 555 302',
      language: 'fr',
      role: 'MANAGER',
    }),
    // Into the caller's own agency (then the e-mail has an account).
    asOtherMember: [201, 409],
    asAgent: [403],
  },
  'post /api/agency/staff/{id}': {
    path: (ids) => `/api/agency/staff/${ids.staffId}`,
    body: () => ({ role: 'MANAGER' }),
    asOtherMember: [404],
    asAgent: [403],
  },
  'delete /api/agency/staff/{id}': {
    path: (ids) => `/api/agency/staff/${ids.staffId}`,
    asOtherMember: [404],
    asAgent: [403],
  },
  'post /api/agency/staff/{id}/access': {
    path: (ids) => `/api/agency/staff/${ids.staffId}/access`,
    asOtherMember: [404],
    asAgent: [403],
  },
  'delete /api/agency/staff/{id}/access': {
    path: (ids) => `/api/agency/staff/${ids.staffId}/access`,
    asOtherMember: [404],
    asAgent: [403],
  },
  'post /api/users': {
    path: () => '/api/users',
    body: () => ({ name: 'Intrus', email: 'intrus@agence.test', mobile: '621 555 301', language: 'fr' }),
    asOtherMember: [403],
  },
  'get /api/users/{id}': { path: (ids) => `/api/users/${ids.userId}`, asOtherMember: [404] },
  'post /api/users/{id}': {
    path: (ids) => `/api/users/${ids.userId}`,
    body: () => ({ name: 'Renommé' }),
    asOtherMember: [404],
  },
  'put /api/users/{id}': {
    path: (ids) => `/api/users/${ids.userId}`,
    body: () => ({ name: 'Renommé' }),
    asOtherMember: [404],
  },
  'delete /api/users/{id}': { path: (ids) => `/api/users/${ids.userId}`, asOtherMember: [403] },
  'post /api/users/{id}/language': {
    path: (ids) => `/api/users/${ids.userId}/language`,
    body: () => ({ language: 'de' }),
    asOtherMember: [404],
  },
  'get /api/users/{id}/avatar': { path: (ids) => `/api/users/${ids.userId}/avatar`, asOtherMember: [404] },
  'post /api/users/{id}/avatar': { path: (ids) => `/api/users/${ids.userId}/avatar`, asOtherMember: [404] },
  'post /api/users/{id}/access': { path: (ids) => `/api/users/${ids.userId}/access`, asOtherMember: [403] },
  'delete /api/users/{id}/access': { path: (ids) => `/api/users/${ids.userId}/access`, asOtherMember: [403] },
  'post /api/users/{id}/gdpr': { path: (ids) => `/api/users/${ids.userId}/gdpr`, asOtherMember: [404] },
  'post /api/pdf': {
    // Creates the caller's own upload: nothing of the victim's is involved.
    path: () => '/api/pdf',
    body: () => ({ documentType: 'CUSTOM', size: 1000, fileName: 'a.pdf' }),
    asOtherMember: [201],
  },
  'post /api/pdf/{fileId}/complete': {
    path: (ids) => `/api/pdf/${ids.fileId}/complete`,
    asOtherMember: [404],
  },
  'get /api/pdf/{documentId}': { path: (ids) => `/api/pdf/${ids.documentId}`, asOtherMember: [404] },
  'get /api/templates': { path: () => '/api/templates', asOtherMember: [200] },
  'post /api/templates/{type}/preview': {
    path: () => '/api/templates/NaturalPerson/preview',
    body: () => ({ formData: {} }),
    asOtherMember: [200],
  },
  'get /api/billing/prices': { path: () => '/api/billing/prices', asOtherMember: [200] },
  'post /api/billing/prices': {
    path: () => '/api/billing/prices',
    body: () => ({
      effectiveFrom: futureDay(),
      simpleRequestCents: 150,
      advancedRequestCents: 450,
      qualifiedRequestCents: 900,
      smsCents: 12,
      memberMonthlyFeeCents: 2500,
      vatRatePercent: 17,
    }),
    asOtherMember: [403],
  },
  'delete /api/billing/prices/{id}': {
    path: (ids) => `/api/billing/prices/${ids.priceListId}`,
    asOtherMember: [403],
  },
  'get /api/billing/{period}': {
    path: (ids) => `/api/billing/${ids.period}?memberId=${ids.userId}`,
    asOtherMember: [403, 404],
  },
  // The public signing page: its key protects it; without one, nothing.
  'get /api/signatures/{id}': {
    public: true,
    path: (ids) => `/api/signatures/${ids.requestId}`,
    asOtherMember: [404],
  },
  'post /api/signatures/{id}': {
    path: (ids) => `/api/signatures/${ids.requestId}`,
    body: (ids) => signatureInput(ids.documentId),
    asOtherMember: [404],
  },
  'put /api/signatures/{id}': {
    path: (ids) => `/api/signatures/${ids.requestId}`,
    body: (ids) => signatureInput(ids.documentId),
    asOtherMember: [404],
  },
  'delete /api/signatures/{id}': { path: (ids) => `/api/signatures/${ids.requestId}`, asOtherMember: [404] },
  'get /api/signatures/{id}/otp': {
    public: true,
    path: (ids) => `/api/signatures/${ids.requestId}/otp`,
    asOtherMember: [401, 404],
  },
  'post /api/signatures/{id}/otp': {
    public: true,
    path: (ids) => `/api/signatures/${ids.requestId}/otp`,
    body: () => ({}),
    asOtherMember: [401, 404, 422],
  },
  'get /api/signatures/{id}/document': {
    public: true,
    path: (ids) => `/api/signatures/${ids.requestId}/document`,
    asOtherMember: [401, 404],
  },
  'post /api/signatures/{id}/viewed': {
    public: true,
    path: (ids) => `/api/signatures/${ids.requestId}/viewed`,
    body: () => ({}),
    asOtherMember: [401, 404, 422],
  },
  'post /api/signatures/{id}/decline': {
    public: true,
    path: (ids) => `/api/signatures/${ids.requestId}/decline`,
    body: () => ({ reason: 'Je ne signe pas.' }),
    asOtherMember: [401, 404, 422],
  },
  'post /api/signatures/{id}/expiry': {
    path: (ids) => `/api/signatures/${ids.requestId}/expiry`,
    body: () => ({ days: 10 }),
    asOtherMember: [404],
  },
  'post /api/verify': { public: true, path: () => '/api/verify', asOtherMember: [400, 415, 422] },
  'get /api/dashboard': { path: () => '/api/dashboard', asOtherMember: [200] },
  'get /api/signatures': { path: () => '/api/signatures', asOtherMember: [200] },
  'post /api/signatures': {
    path: () => '/api/signatures',
    body: (ids) => signatureInput(ids.documentId),
    asOtherMember: [404, 422],
  },
  'get /api/signatures/{id}/details': {
    path: (ids) => `/api/signatures/${ids.requestId}/details`,
    asOtherMember: [404],
  },
  'post /api/signatures/{id}/reminder': {
    path: (ids) => `/api/signatures/${ids.requestId}/reminder`,
    body: () => ({}),
    asOtherMember: [404],
  },
  'post /api/signatures/{id}/assignee': {
    path: (ids) => `/api/signatures/${ids.requestId}/assignee`,
    body: (ids) => ({ userId: ids.staffId }),
    asOtherMember: [404],
    asAgent: [403],
  },
  'get /api/signatures/{id}/download': {
    path: (ids) => `/api/signatures/${ids.requestId}/download`,
    asOtherMember: [404],
  },
};

describe('authorisation on every route', () => {
  let testApp: TestApp;
  let adminToken: string;
  let intruder: Member;
  let victim: Member;
  /** An agent of the victim's agency. */
  let agent: Member;
  let ids: Ids;
  let created: { body: unknown };
  let operations: Array<{ method: Method; path: string; key: string }>;

  const send = (method: Method, path: string, token?: string, body?: object) => {
    let call = request(testApp.url)[method](path);
    if (token) call = call.set('Authorization', `Bearer ${token}`);
    return body ? call.send(body) : call;
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    adminToken = await signInAdministrator(testApp);
    intruder = await createMember(testApp, adminToken, {
      email: 'intruse@agence.test',
      name: 'Agence Intruse',
      mobile: '621 555 310',
    });
    victim = await createMember(testApp, adminToken, {
      email: 'victime@agence.test',
      name: 'Agence Victime',
      mobile: '621 555 311',
    });
    agent = await inviteStaff(testApp, victim.token, {
      email: 'agent@agence-victime.test',
      name: 'Agent de la Victime',
      mobile: '621 555 312',
      role: 'AGENT',
    });
    const document = await uploadPdf(testApp.url, victim.token, fixturePdf('minimal-document.pdf'));
    created = await send('post', '/api/signatures', victim.token, signatureInput(document.documentId)).expect(
      201,
    );
    const pending = await send('post', '/api/pdf', victim.token, {
      documentType: 'CUSTOM',
      size: 1000,
      fileName: 'en-cours.pdf',
    }).expect(201);
    const prices = await send(
      'post',
      '/api/billing/prices',
      adminToken,
      ROUTES['post /api/billing/prices']!.body!({} as Ids),
    ).expect(201);
    ids = {
      userId: victim.id,
      staffId: agent.id,
      requestId: (created.body as SignatureRequestView).id,
      documentId: document.documentId,
      fileId: (pending.body as PdfUploadResponse).fileId,
      priceListId: (prices.body as { id: string }).id,
      period: new Date().toISOString().slice(0, 7),
    };
    const doc = (await request(testApp.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Partial<Record<Method, unknown>>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      (Object.keys(methods) as Method[]).map((method) => ({ method, path, key: `${method} ${path}` })),
    );
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('has a row for every route of the OpenAPI document, and no row for a route that is gone', () => {
    expect(operations.map((o) => o.key).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('answers 401 without a token on every route that is not public', async () => {
    for (const { method, key } of operations) {
      const route = ROUTES[key]!;
      if (route.public) continue;
      const response = await send(method, route.path(ids), undefined, route.body?.(ids));
      expect({ key, status: response.status }).toEqual({ key, status: 401 });
      expect(response.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it("gives a member nothing of another member's, and no administrators' route", async () => {
    for (const { method, key } of operations) {
      const route = ROUTES[key]!;
      const response = await send(method, route.path(ids), intruder.token, route.body?.(ids));
      expect({
        key,
        allowed: route.asOtherMember.includes(response.status),
        status: response.status,
      }).toEqual({
        key,
        allowed: true,
        status: response.status,
      });
      // Whatever the status, nothing of the victim's leaves in the body.
      const text = JSON.stringify(response.body ?? '');
      expect({ key, leaks: text.includes('victime@agence.test') || text.includes('Agence Victime') }).toEqual(
        {
          key,
          leaks: false,
        },
      );
    }
  });

  it("gives an agent nothing of their manager's, no staff management and no agency costs", async () => {
    for (const { method, key } of operations) {
      const route = ROUTES[key]!;
      const response = await send(method, route.path(ids), agent.token, route.body?.(ids));
      const expected = route.asAgent ?? route.asOtherMember;
      expect({ key, allowed: expected.includes(response.status), status: response.status }).toEqual({
        key,
        allowed: true,
        status: response.status,
      });
      // The manager's request (its signatories, its title) never reaches the agent.
      const text = JSON.stringify(response.body ?? '');
      const { signatories } = created.body as SignatureRequestView;
      expect({
        key,
        leaks:
          signatories.some((signatory) => text.includes(signatory.email)) || text.includes(ids.requestId),
      }).toEqual({ key, leaks: false });
    }
    // Their role, the staff and the request are as they were.
    const me = (await send('get', '/api/users/me', agent.token).expect(200)).body as UserView;
    expect(me).toMatchObject({ agencyId: victim.id, agencyRole: 'AGENT', isDisabled: false });
    const list = (await send('get', '/api/signatures', victim.token).expect(200))
      .body as SignatureRequestView[];
    expect(list.map((row) => row.id)).toEqual([ids.requestId]);
  });

  it("answers a member's try on another member's ids exactly like a missing id", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of ['/api/users/{id}', '/api/signatures/{id}/details', '/api/pdf/{id}']) {
      const theirs = await send(
        'get',
        path.replace(
          '{id}',
          path.includes('/pdf/') ? ids.documentId : path.includes('users') ? ids.userId : ids.requestId,
        ),
        intruder.token,
      );
      const none = await send('get', path.replace('{id}', missing), intruder.token);
      expect({ path, status: theirs.status, body: theirs.body as unknown }).toEqual({
        path,
        status: none.status,
        body: none.body as unknown,
      });
    }
  });

  it("leaves the other member's account, request and document as they were", async () => {
    const user = (await send('get', `/api/users/${ids.userId}`, victim.token).expect(200)).body as UserView;
    expect(user.name).toBe('Agence Victime');
    expect(user.language).toBe('fr');
    expect(user.isDisabled).toBe(false);
    const details = (await send('get', `/api/signatures/${ids.requestId}/details`, victim.token).expect(200))
      .body as SignatureDetailsView;
    expect(details.status).toBe((created.body as SignatureRequestView).status);
    expect(details.signatureTitle).toBe(signatureInput(ids.documentId).signatureTitle);
    expect(details.auditTrail.filter((event) => event.event === 'SEND_REMINDER')).toHaveLength(0);
    expect(details.expiresAt).toBe((created.body as SignatureRequestView).expiresAt);
    const list = (await send('get', '/api/signatures', intruder.token).expect(200))
      .body as SignatureRequestView[];
    expect(list.map((r) => r.id)).not.toContain(ids.requestId);
  });

  it('lets an administrator read a member request but change nothing of it', async () => {
    await send('get', `/api/signatures/${ids.requestId}/details`, adminToken).expect(200);
    for (const [method, path, body] of [
      ['put', `/api/signatures/${ids.requestId}`, signatureInput(ids.documentId)],
      ['post', `/api/signatures/${ids.requestId}`, signatureInput(ids.documentId)],
      ['delete', `/api/signatures/${ids.requestId}`, undefined],
      ['post', `/api/signatures/${ids.requestId}/reminder`, {}],
      ['post', `/api/signatures/${ids.requestId}/expiry`, { days: 10 }],
    ] as const) {
      const response = await send(method, path, adminToken, body);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
    }
  });
});
