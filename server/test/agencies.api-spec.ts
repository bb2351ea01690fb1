import request from 'supertest';
import {
  type AgencyView,
  type BillingStatement,
  type DashboardView,
  type SignatureDetailsView,
  type SignatureRequestView,
  type StaffMemberView,
  type UserView,
} from '@esign/shared';
import { UserPool, temporaryPasswordSentTo } from '@esign/api-client';
import { serverMessages } from '../src/i18n/messages';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { database } from './support/billing';
import { appOutbox, createMember, inviteStaff, signInAdministrator, type Member } from './support/members';
import { fixturePdf, signatureInput, uploadPdf } from './support/signature-fixtures';
import { SigningDriver } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Agencies as teams: a member created by an administrator is the first manager of an agency; managers invite,
 * re-role, deactivate and delete their staff; agents see the requests they created or are in charge of,
 * managers the agency's, nobody another agency's.
 */
describe('agencies: staff, roles and the requests they see (API, real database)', () => {
  let testApp: TestApp;
  let adminToken: string;
  /** Manager of the agency « Agence du Port ». */
  let claire: Member;
  /** Agents of Claire's agency. */
  let alex: Member;
  let bea: Member;
  /** Manager of another agency. */
  let other: Member;
  let requestOfAlex: SignatureRequestView;
  let requestOfClaire: SignatureRequestView;
  let requestOfBea: SignatureRequestView;

  const send = (method: Method, path: string, token?: string, body?: object) => {
    let call = request(testApp.url)[method](path);
    if (token) call = call.set('Authorization', `Bearer ${token}`);
    return body ? call.send(body) : call;
  };
  const staffCount = async () =>
    (await send('get', '/api/agency', claire.token).expect(200)).body.staffCount as number;
  const createRequest = async (member: Member, title: string) => {
    const document = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
    const created = await send(
      'post',
      '/api/signatures',
      member.token,
      signatureInput(document.documentId, { signatureTitle: title }),
    ).expect(201);
    return created.body as SignatureRequestView;
  };
  const listed = async (token: string) =>
    ((await send('get', '/api/signatures', token).expect(200)).body as SignatureRequestView[])
      .map((row) => row.signatureTitle)
      .sort();

  beforeAll(async () => {
    testApp = await startTestApp();
    adminToken = await signInAdministrator(testApp);
    claire = await createMember(testApp, adminToken, {
      email: 'claire@agence-port.test',
      name: 'Claire Weber',
      mobile: '621 555 401',
    });
    await send('put', '/api/users/me', claire.token, {
      additionalInfo: { company: { name: 'Agence du Port' } },
    }).expect(200);
    other = await createMember(testApp, adminToken, {
      email: 'marc@autre-agence.test',
      name: 'Marc Autre',
      mobile: '621 555 402',
    });
    alex = await inviteStaff(testApp, claire.token, {
      email: 'alex@agence-port.test',
      name: 'Alex Agent',
      mobile: '621 555 403',
      role: 'AGENT',
    });
    bea = await inviteStaff(testApp, claire.token, {
      email: 'bea@agence-port.test',
      name: 'Béa Agent',
      mobile: '621 555 404',
      language: 'de',
      role: 'AGENT',
    });
    requestOfAlex = await createRequest(alex, 'Compromis Alex');
    requestOfClaire = await createRequest(claire, 'Compromis Claire');
    requestOfBea = await createRequest(bea, 'Compromis Béa');
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('makes the member an administrator creates the first manager of a new agency', async () => {
    const me = (await send('get', '/api/users/me', claire.token).expect(200)).body as UserView;
    expect(me).toMatchObject({ role: 'MEMBER', agencyId: claire.id, agencyRole: 'MANAGER' });
    const agency = (await send('get', '/api/agency', claire.token).expect(200)).body as AgencyView;
    expect(agency).toEqual({
      id: claire.id,
      name: 'Agence du Port',
      company: { company: { name: 'Agence du Port' } },
      staffCount: 3,
      role: 'MANAGER',
    });
    const otherAgency = (await send('get', '/api/agency', other.token).expect(200)).body as AgencyView;
    expect(otherAgency).toMatchObject({ id: other.id, name: 'Marc Autre', staffCount: 1, role: 'MANAGER' });
    // Administrators belong to no agency.
    const admin = (await send('get', '/api/users/me', adminToken).expect(200)).body as UserView;
    expect(admin).toMatchObject({ agencyId: null, agencyRole: null });
    await send('get', '/api/agency', adminToken).expect(404);
  });

  it('gives invited staff their agency and role, and the welcome e-mail member creation sends', async () => {
    const me = (await send('get', '/api/users/me', bea.token).expect(200)).body as UserView;
    expect(me).toMatchObject({ role: 'MEMBER', agencyId: claire.id, agencyRole: 'AGENT', language: 'de' });
    expect((await send('get', '/api/agency', bea.token).expect(200)).body).toMatchObject({
      id: claire.id,
      name: 'Agence du Port',
      role: 'AGENT',
    });
    const outbox = testApp.app.get(OutboxService);
    const [welcome] = (await outbox.newestFor('bea@agence-port.test')).filter(
      (message) => message.channel === 'email',
    );
    const messages = serverMessages('de').welcome;
    const [before, after] = messages
      .body({
        name: 'Béa Agent',
        email: 'bea@agence-port.test',
        password: '\u0000',
        signInUrl: `${testApp.config.publicUrl}/auth/login`,
      })
      .split('\u0000');
    expect(welcome?.subject).toBe(messages.subject);
    expect(welcome?.body.startsWith(before ?? '')).toBe(true);
    expect(welcome?.body.endsWith(after ?? '')).toBe(true);

    const staff = (await send('get', '/api/agency/staff', claire.token).expect(200))
      .body as StaffMemberView[];
    expect(staff.map(({ name, role, isDisabled }) => ({ name, role, isDisabled }))).toEqual([
      { name: 'Alex Agent', role: 'AGENT', isDisabled: false },
      { name: 'Béa Agent', role: 'AGENT', isDisabled: false },
      { name: 'Claire Weber', role: 'MANAGER', isDisabled: false },
    ]);
    expect(staff.every((person) => person.gdprApprovedAt !== null)).toBe(true);
  });

  it('asks invited staff for a new password and the consent at the first sign-in, as members', async () => {
    await send('post', '/api/agency/staff', claire.token, {
      name: 'Nouvelle Recrue',
      email: 'recrue@agence-port.test',
      mobile: '621 555 405',
      language: 'fr',
      role: 'AGENT',
    }).expect(201);
    // The pool asks for a new password; until the consent, calls are refused.
    const temporary = await temporaryPasswordSentTo(appOutbox(testApp), 'recrue@agence-port.test');
    const pool = await UserPool.of(testApp.url);
    const first = await pool.initiateAuth('recrue@agence-port.test', temporary);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const token = await pool.completeNewPassword(
      'recrue@agence-port.test',
      first.Session!,
      'Recrue-Passw0rd',
    );
    const refused = await send('get', '/api/signatures', token).expect(403);
    expect(refused.body.code).toBe('GDPR_CONSENT_REQUIRED');
    await send('post', '/api/users/me/gdpr', token, {}).expect(200);
    await send('get', '/api/signatures', token).expect(200);
  });

  it('answers an invitation to an e-mail that has an account as member creation does, creating nothing', async () => {
    const count = await staffCount();
    for (const email of ['marc@autre-agence.test', 'ALEX@agence-port.test']) {
      const invited = await send('post', '/api/agency/staff', claire.token, {
        name: 'Doublon',
        email,
        mobile: '621 555 406',
        language: 'fr',
        role: 'AGENT',
      }).expect(409);
      const created = await send('post', '/api/users', adminToken, {
        name: 'Doublon',
        email,
        mobile: '621 555 406',
        language: 'fr',
      }).expect(409);
      expect(invited.body).toEqual({ ...created.body, requestId: invited.body.requestId });
      expect(invited.body).toMatchObject({
        code: 'EMAIL_ALREADY_USED',
        errors: { email: 'validation.emailAlreadyUsed' },
      });
    }
    expect(await staffCount()).toBe(count);
  });

  it('refuses bad staff input with a 4xx and changes nothing', async () => {
    const count = await staffCount();
    const valid = {
      name: 'Valide',
      email: 'valide@agence-port.test',
      mobile: '621 555 407',
      language: 'fr',
      role: 'AGENT',
    };
    for (const body of [
      { ...valid, role: 'BOSS' },
      { ...valid, role: undefined },
      { ...valid, email: 'pas-une-adresse' },
      { ...valid, language: 'xx' },
      { ...valid, mobile: '12' },
      { ...valid, agencyId: other.id },
      { ...valid, name: '' },
    ]) {
      const response = await send('post', '/api/agency/staff', claire.token, body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
    }
    for (const body of [{ role: 'BOSS' }, {}, { role: 'MANAGER', extra: 1 }]) {
      const response = await send('post', `/api/agency/staff/${alex.id}`, claire.token, body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
    }
    await send('post', '/api/agency/staff/not-an-id', claire.token, { role: 'AGENT' }).expect(404);
    expect(await staffCount()).toBe(count);
    const me = (await send('get', '/api/users/me', alex.token).expect(200)).body as UserView;
    expect(me.agencyRole).toBe('AGENT');
  });

  it('keeps staff management to managers: an agent can neither invite, re-role, nor read the staff', async () => {
    const count = await staffCount();
    for (const [method, path, body] of [
      ['get', '/api/agency/staff', undefined],
      [
        'post',
        '/api/agency/staff',
        { name: 'X', email: 'x@agence-port.test', mobile: '621 555 408', language: 'fr', role: 'AGENT' },
      ],
      // Not even their own role.
      ['post', `/api/agency/staff/${alex.id}`, { role: 'MANAGER' }],
      ['post', `/api/agency/staff/${bea.id}`, { role: 'MANAGER' }],
      ['delete', `/api/agency/staff/${bea.id}/access`, undefined],
      ['post', `/api/agency/staff/${bea.id}/access`, undefined],
      ['delete', `/api/agency/staff/${bea.id}`, undefined],
      ['post', `/api/signatures/${requestOfAlex.id}/assignee`, { userId: alex.id }],
    ] as const) {
      const response = await send(method, path, alex.token, body);
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect(await staffCount()).toBe(count);
    expect(((await send('get', '/api/users/me', alex.token).expect(200)).body as UserView).agencyRole).toBe(
      'AGENT',
    );
    expect(((await send('get', '/api/users/me', bea.token).expect(200)).body as UserView).isDisabled).toBe(
      false,
    );
  });

  it("keeps one agency's staff out of another's reach", async () => {
    for (const [method, path, body] of [
      ['post', `/api/agency/staff/${alex.id}`, { role: 'MANAGER' }],
      ['delete', `/api/agency/staff/${alex.id}/access`, undefined],
      ['post', `/api/agency/staff/${alex.id}/access`, undefined],
      ['delete', `/api/agency/staff/${alex.id}`, undefined],
    ] as const) {
      const response = await send(method, path, other.token, body);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
    }
    const theirs = (await send('get', '/api/agency/staff', other.token).expect(200))
      .body as StaffMemberView[];
    expect(theirs.map((person) => person.email)).toEqual(['marc@autre-agence.test']);
  });

  it('shows an agent what they created or are in charge of, a manager the agency, nobody another agency', async () => {
    expect(await listed(alex.token)).toEqual(['Compromis Alex']);
    expect(await listed(bea.token)).toEqual(['Compromis Béa']);
    expect(await listed(claire.token)).toEqual(['Compromis Alex', 'Compromis Béa', 'Compromis Claire']);
    expect(await listed(other.token)).toEqual([]);
    // Filtered lists follow the same rule.
    const filtered = await send('get', '/api/signatures', alex.token)
      .query({ filter: JSON.stringify({ q: 'Compromis' }) })
      .expect(200);
    expect((filtered.body as SignatureRequestView[]).map((row) => row.signatureTitle)).toEqual([
      'Compromis Alex',
    ]);
    const managerFiltered = await send('get', '/api/signatures', claire.token)
      .query({ filter: JSON.stringify({ q: 'Béa' }) })
      .expect(200);
    expect((managerFiltered.body as SignatureRequestView[]).map((row) => row.signatureTitle)).toEqual([
      'Compromis Béa',
    ]);
  });

  it("refuses an agent every by-id route of a colleague's request, like a missing id", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const document = await uploadPdf(testApp.url, alex.token, fixturePdf('minimal-document.pdf'));
    for (const [method, suffix, body] of [
      ['get', '/details', undefined],
      ['get', '', undefined],
      ['get', '/download', undefined],
      ['post', '', signatureInput(document.documentId)],
      ['put', '', signatureInput(document.documentId)],
      ['delete', '', undefined],
      ['post', '/reminder', {}],
      ['post', '/expiry', { days: 5 }],
    ] as const) {
      for (const [token, id] of [
        [alex.token, requestOfClaire.id],
        [alex.token, requestOfBea.id],
        [other.token, requestOfAlex.id],
      ] as const) {
        const theirs = await send(method, `/api/signatures/${id}${suffix}`, token, body);
        const none = await send(method, `/api/signatures/${missing}${suffix}`, token, body);
        expect(theirs.status).toBeGreaterThanOrEqual(400);
        expect({ method, suffix, status: theirs.status, body: theirs.body as unknown }).toEqual({
          method,
          suffix,
          status: none.status,
          body: { ...(none.body as object), requestId: theirs.body.requestId },
        });
      }
    }
    // Nothing changed: the requests are as they were.
    const details = (
      await send('get', `/api/signatures/${requestOfClaire.id}/details`, claire.token).expect(200)
    ).body as SignatureDetailsView;
    expect(details.status).toBe(requestOfClaire.status);
    expect(details.expiresAt).toBe(requestOfClaire.expiresAt);
    // A manager reaches every request of the agency.
    await send('get', `/api/signatures/${requestOfAlex.id}/details`, claire.token).expect(200);
    await send('post', `/api/signatures/${requestOfBea.id}/expiry`, claire.token, { days: 1 }).expect(200);
  });

  it('lets a manager reassign a request to an active person of the agency, recorded in the audit trail', async () => {
    // Bad input first: nothing changes.
    for (const [body, status] of [
      [{ userId: 'not-an-id' }, 422],
      [{}, 422],
      [{ userId: other.id }, 422],
      [{ userId: '00000000-0000-4000-8000-000000000000' }, 422],
    ] as const) {
      const response = await send(
        'post',
        `/api/signatures/${requestOfClaire.id}/assignee`,
        claire.token,
        body,
      );
      expect({ body, status: response.status }).toEqual({ body, status });
    }
    // Another agency's manager: the request is not theirs to see.
    await send('post', `/api/signatures/${requestOfClaire.id}/assignee`, other.token, {
      userId: other.id,
    }).expect(404);

    await send('post', `/api/signatures/${requestOfClaire.id}/assignee`, claire.token, {
      userId: alex.id,
    }).expect(200);
    expect(await listed(alex.token)).toEqual(['Compromis Alex', 'Compromis Claire']);
    const details = (
      await send('get', `/api/signatures/${requestOfClaire.id}/details`, alex.token).expect(200)
    ).body as SignatureDetailsView;
    const assigned = details.auditTrail.filter((event) => event.event === 'ASSIGN');
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({
      actorType: 'MEMBER',
      actorName: 'Claire Weber',
      details: { previousAssigneeId: claire.id, assigneeId: alex.id, assigneeName: 'Alex Agent' },
    });
    expect(details.auditChainValid).toBe(true);
    // Naming the person already in charge records nothing more.
    await send('post', `/api/signatures/${requestOfClaire.id}/assignee`, claire.token, {
      userId: alex.id,
    }).expect(200);
    const again = (
      await send('get', `/api/signatures/${requestOfClaire.id}/details`, claire.token).expect(200)
    ).body as SignatureDetailsView;
    expect(again.auditTrail.filter((event) => event.event === 'ASSIGN')).toHaveLength(1);
    // The manager takes it back; the creator keeps seeing what they created.
    await send('post', `/api/signatures/${requestOfAlex.id}/assignee`, claire.token, {
      userId: claire.id,
    }).expect(200);
    expect(await listed(alex.token)).toEqual(['Compromis Alex', 'Compromis Claire']);
  });

  it("lets the manager, and the person in charge, change a colleague's request with its document", async () => {
    const changed = await createRequest(bea, 'Mandat Béa');
    const change = (token: string, title: string) =>
      send(
        'put',
        `/api/signatures/${changed.id}`,
        token,
        signatureInput(changed.documentId, { signatureTitle: title }),
      );
    // Another agent of the agency, not in charge: like a missing id.
    await change(alex.token, 'Mandat Alex').expect(404);
    await change(claire.token, 'Mandat Béa, revu').expect(200);
    await send('post', `/api/signatures/${changed.id}/assignee`, claire.token, { userId: alex.id }).expect(
      200,
    );
    await change(alex.token, 'Mandat Béa, revu par Alex').expect(200);
    // Another document than the request's, of someone else of the agency, is not the request's to take.
    const claires = await uploadPdf(testApp.url, claire.token, fixturePdf('minimal-document.pdf'));
    await send('put', `/api/signatures/${changed.id}`, alex.token, signatureInput(claires.documentId)).expect(
      404,
    );
    const details = (await send('get', `/api/signatures/${changed.id}/details`, bea.token).expect(200))
      .body as SignatureDetailsView;
    expect(details.signatureTitle).toBe('Mandat Béa, revu par Alex');
    expect(
      details.auditTrail.filter((event) => event.event === 'UPDATE').map((event) => event.actorName),
    ).toEqual(['Claire Weber', 'Alex Agent']);
    expect(details.auditChainValid).toBe(true);
    // Cancelled, so that the agency's lists the other tests read stay as they were.
    await send('delete', `/api/signatures/${changed.id}`, claire.token).expect(200);
  });

  it('keeps the agency costs from agents, and bills the agency for what its agents send', async () => {
    const month = new Date().toISOString().slice(0, 7);
    await send('get', `/api/billing/${month}`, alex.token).expect(403);
    await send('get', `/api/billing/${month}?memberId=${claire.id}`, alex.token).expect(403);
    await send('get', `/api/billing/${month}.csv`, alex.token).expect(403);
    await send('get', `/api/billing/${month}.pdf`, alex.token).expect(403);
    const dashboard = (await send('get', '/api/dashboard', alex.token).expect(200)).body as DashboardView;
    expect(dashboard).toMatchObject({ scope: 'OWN', currentMonthCosts: null, lastMonthCosts: null });
    expect(dashboard.counterSignatureRequest.IN_PROGRESS).toBe(2);
    const managers = (await send('get', '/api/dashboard', claire.token).expect(200)).body as DashboardView;
    expect(managers.counterSignatureRequest.IN_PROGRESS).toBe(3);
    expect(typeof managers.currentMonthCosts).toBe('number');

    // A code texted for an agent's request is billed to the agency.
    const driver = new SigningDriver(testApp, bea.token);
    const [invitee] = driver.invitees(1, 'acheteur');
    const document = await uploadPdf(testApp.url, bea.token, fixturePdf('minimal-document.pdf'));
    const created = await driver.createRequest(document.documentId, [invitee!]);
    const key = await driver.openLink(created.id, invitee!.email);
    await driver.requestCode(created.id, key).expect(200);
    const billed = await database(testApp).query<{ member_id: string }[]>(
      `SELECT e.member_id FROM billing_event e JOIN one_time_code c ON c.id = e.source_id
        WHERE c.request_id = $1`,
      [created.id],
    );
    expect(billed.map((row) => row.member_id)).toEqual([claire.id]);
    const statement = (await send('get', `/api/billing/${month}`, claire.token).expect(200))
      .body as BillingStatement;
    expect(statement.memberId).toBe(claire.id);
    expect(statement.lines.some((line) => line.kind === 'SMS' && line.memberId === claire.id)).toBe(true);
    await send('get', `/api/billing/${month}?memberId=${other.id}`, claire.token).expect(404);
  });

  it('keeps an active manager: the last one cannot be demoted, deactivated or deleted', async () => {
    for (const [method, path, body] of [
      ['post', `/api/agency/staff/${claire.id}`, { role: 'AGENT' }],
      ['delete', `/api/agency/staff/${claire.id}/access`, undefined],
      ['delete', `/api/agency/staff/${claire.id}`, undefined],
    ] as const) {
      const response = await send(method, path, claire.token, body);
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({
        method,
        path,
        status: 409,
        code: 'LAST_AGENCY_MANAGER',
      });
    }
    const me = (await send('get', '/api/users/me', claire.token).expect(200)).body as UserView;
    expect(me).toMatchObject({ agencyRole: 'MANAGER', isDisabled: false });

    // With a second manager, the first may step down; then the second is the last one.
    const promoted = await send('post', `/api/agency/staff/${bea.id}`, claire.token, { role: 'MANAGER' });
    expect(promoted.status).toBe(200);
    expect((promoted.body as StaffMemberView).role).toBe('MANAGER');
    await send('post', `/api/agency/staff/${claire.id}`, claire.token, { role: 'AGENT' }).expect(200);
    await send('get', '/api/agency/staff', claire.token).expect(403);
    const last = await send('post', `/api/agency/staff/${bea.id}`, bea.token, { role: 'AGENT' }).expect(409);
    expect(last.body.code).toBe('LAST_AGENCY_MANAGER');
    await send('post', `/api/agency/staff/${claire.id}`, bea.token, { role: 'MANAGER' }).expect(200);
    await send('post', `/api/agency/staff/${bea.id}`, claire.token, { role: 'AGENT' }).expect(200);
    expect(((await send('get', '/api/agency', claire.token).expect(200)).body as AgencyView).role).toBe(
      'MANAGER',
    );
  });

  it('refuses a deactivated person at once, even with a valid token; deletes only the deactivated', async () => {
    await send('get', '/api/signatures', bea.token).expect(200);
    const active = await send('delete', `/api/agency/staff/${bea.id}`, claire.token).expect(409);
    expect(active.body.code).toBe('USER_NOT_DISABLED');
    const deactivated = await send('delete', `/api/agency/staff/${bea.id}/access`, claire.token).expect(200);
    expect((deactivated.body as StaffMemberView).isDisabled).toBe(true);
    const refused = await send('get', '/api/signatures', bea.token).expect(403);
    expect(refused.body.code).toBe('ACCOUNT_DISABLED');
    await send('get', '/api/users/me', bea.token).expect(403);
    // Béa is no longer anyone a request can be given to.
    await send('post', `/api/signatures/${requestOfClaire.id}/assignee`, claire.token, {
      userId: bea.id,
    }).expect(422);
    // She created requests: they stay the agency's, and she stays in its records.
    const kept = await send('delete', `/api/agency/staff/${bea.id}`, claire.token).expect(409);
    expect(kept.body.code).toBe('STAFF_HAS_REQUESTS');
    await send('post', `/api/agency/staff/${bea.id}/access`, claire.token).expect(200);
    await send('get', '/api/signatures', bea.token).expect(200);

    // Someone who created nothing is deleted once deactivated.
    const newcomer = (
      await send('post', '/api/agency/staff', claire.token, {
        name: 'Passager',
        email: 'passager@agence-port.test',
        mobile: '621 555 409',
        language: 'en',
        role: 'AGENT',
      }).expect(201)
    ).body as StaffMemberView;
    await send('delete', `/api/agency/staff/${newcomer.id}/access`, claire.token).expect(200);
    await send('delete', `/api/agency/staff/${newcomer.id}`, claire.token).expect(200);
    const staff = (await send('get', '/api/agency/staff', claire.token).expect(200))
      .body as StaffMemberView[];
    expect(staff.map((person) => person.email)).not.toContain('passager@agence-port.test');
    // A manager does not deactivate themselves while another manager remains.
    await send('post', `/api/agency/staff/${alex.id}`, claire.token, { role: 'MANAGER' }).expect(200);
    const self = await send('delete', `/api/agency/staff/${claire.id}/access`, claire.token).expect(403);
    expect(self.body.code).toBe('SELF_ACTION_FORBIDDEN');
  });
});
