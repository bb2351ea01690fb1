import request from 'supertest';
import {
  type AgencyView,
  type BillingStatement,
  type SignatureDetailsView,
  type SignatureRequestView,
  type UserView,
} from '@esign/shared';
import { MIGRATIONS } from '../src/database/migrations';
import { database } from './support/billing';
import { createMember, inviteStaff, signInAdministrator, type Member } from './support/members';
import { memberWithLogo, waitUntilSigned } from './support/sealing';
import { fixturePdf, uploadPdf } from './support/signature-fixtures';
import { SigningDriver } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown>;

/**
 * The agencies migration on an installation of the version before it: two members with requests (one
 * sealed), their audit chains and their billing lines. The database is taken back to the schema before the
 * migration (its `down`), holding those rows as that version did, and the migration is run again.
 */
describe('the agencies migration on members made before it (real database)', () => {
  let testApp: TestApp;
  let anne: Member;
  let marc: Member;
  const requests = new Map<string, string[]>();
  const month = new Date().toISOString().slice(0, 7);

  const as = (token: string, path: string) =>
    request(testApp.url).get(path).set('Authorization', `Bearer ${token}`);
  const rows = (sql: string, parameters: unknown[] = []) => database(testApp).query<Row[]>(sql, parameters);
  /**
   * What must come through unchanged: every audit row chained when `chained` was read (a read's row may be
   * chained a moment after it is appended, its one allowed change), every billing line, every request.
   */
  const kept = (chained: Row[]) =>
    Promise.all([
      rows(`SELECT * FROM audit_event WHERE id = ANY($1::bigint[]) ORDER BY id`, [
        chained.map((row) => row.id),
      ]),
      rows(`SELECT * FROM billing_event ORDER BY id`),
      rows(`SELECT id, owner_id, document_id, status, final_sha256 FROM signature_request ORDER BY id`),
      rows(`SELECT * FROM member_activity ORDER BY id`),
      rows(`SELECT id, email, name, role, logo_key, additional_info, is_disabled FROM app_user ORDER BY id`),
    ]);
  /** What each member reads through the API. */
  const seen = async (member: Member) => {
    const list = (await as(member.token, '/api/signatures').expect(200)).body as SignatureRequestView[];
    const chains = await Promise.all(
      list.map(async (row) => {
        const details = (await as(member.token, `/api/signatures/${row.id}/details`).expect(200))
          .body as SignatureDetailsView;
        return { id: row.id, status: row.status, valid: details.auditChainValid };
      }),
    );
    const statement = (await as(member.token, `/api/billing/${month}`).expect(200)).body as BillingStatement;
    return { chains: chains.sort((a, b) => a.id.localeCompare(b.id)), statement };
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    const adminToken = await signInAdministrator(testApp);
    anne = await memberWithLogo(testApp, {
      email: 'anne@agence-nord.test',
      name: 'Anne Nord',
      mobile: '621 555 501',
    });
    await request(testApp.url)
      .put('/api/users/me')
      .set('Authorization', `Bearer ${anne.token}`)
      .send({ additionalInfo: { company: { name: 'Agence du Nord' }, email: 'factures@agence-nord.test' } })
      .expect(200);
    marc = await createMember(testApp, adminToken, {
      email: 'marc@agence-sud.test',
      name: 'Marc Sud',
      mobile: '621 555 502',
    });
    for (const member of [anne, marc]) {
      const driver = new SigningDriver(testApp, member.token);
      const document = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
      const [signer] = driver.invitees(1, 'vendeur');
      const sealed = await driver.createRequest(document.documentId, [signer!]);
      await driver.signAs(sealed.id, signer!);
      await waitUntilSigned(testApp, member.token, sealed.id);
      const other = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
      const pending = await driver.createRequest(other.documentId, driver.invitees(1, 'acheteur'));
      requests.set(member.id, [sealed.id, pending.id].sort());
    }
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('makes each member an agency with that one manager, and loses nothing', async () => {
    const db = database(testApp);
    const before = { anne: await seen(anne), marc: await seen(marc) };
    expect(before.anne.chains.map((chain) => chain.valid)).toEqual([true, true]);
    expect(before.anne.statement.lines.length).toBeGreaterThan(0);
    const chained = await rows(`SELECT * FROM audit_event WHERE hash IS NOT NULL ORDER BY id`);
    expect(chained.length).toBeGreaterThan(10);
    const rowsBefore = await kept(chained);
    expect(rowsBefore[0]).toEqual(chained);

    // The installation as the previous version left it: this migration undone, and any made after it.
    const agencies = MIGRATIONS.findIndex((migration) => new migration().name === 'Agencies1765440000000');
    const undone = MIGRATIONS.slice(agencies).map((migration) => new migration().name);
    for (const _ of undone) await db.undoLastMigration({ transaction: 'all' });
    const [previous] = await db.query<{ agency: string | null; column: number }[]>(
      `SELECT to_regclass('agency')::text AS agency,
              (SELECT count(*)::int FROM information_schema.columns
                WHERE table_name = 'app_user' AND column_name = 'agency_id') AS column`,
    );
    expect(previous).toEqual({ agency: null, column: 0 });
    expect(await kept(chained)).toEqual(rowsBefore);

    const ran = await db.runMigrations({ transaction: 'each' });
    expect(ran.map((migration) => migration.name)).toEqual(undone);

    // Audit rows (and so every chain), billing lines, requests and accounts exactly as they were.
    expect(await kept(chained)).toEqual(rowsBefore);
    expect(await rows(`SELECT id, name, additional_info, logo_key FROM agency ORDER BY name`)).toEqual([
      {
        id: anne.id,
        name: 'Agence du Nord',
        additional_info: { company: { name: 'Agence du Nord' }, email: 'factures@agence-nord.test' },
        logo_key: expect.stringContaining(anne.id),
      },
      { id: marc.id, name: 'Marc Sud', additional_info: {}, logo_key: null },
    ]);
    expect(
      await rows(`SELECT email, role, agency_id, agency_role FROM app_user ORDER BY role, email`),
    ).toEqual([
      { email: expect.any(String), role: 'ADMIN', agency_id: null, agency_role: null },
      { email: 'anne@agence-nord.test', role: 'MEMBER', agency_id: anne.id, agency_role: 'MANAGER' },
      { email: 'marc@agence-sud.test', role: 'MEMBER', agency_id: marc.id, agency_role: 'MANAGER' },
    ]);
    expect(
      await rows(
        `SELECT count(*)::int AS mismatched FROM signature_request
          WHERE agency_id IS DISTINCT FROM owner_id OR assignee_id IS DISTINCT FROM owner_id`,
      ),
    ).toEqual([{ mismatched: 0 }]);
    expect(await rows(`SELECT agency_id, requests FROM member_request_count ORDER BY agency_id`)).toEqual(
      [anne.id, marc.id].sort().map((id) => ({ agency_id: id, requests: 2 })),
    );

    // Each member, now their agency's manager, reads exactly what they read before: chains verify.
    expect({ anne: await seen(anne), marc: await seen(marc) }).toEqual(before);
    expect(before.anne.chains.map((chain) => chain.id)).toEqual(requests.get(anne.id));
    const me = (await as(marc.token, '/api/users/me').expect(200)).body as UserView;
    expect(me).toMatchObject({ agencyId: marc.id, agencyRole: 'MANAGER' });
    const agency = (await as(anne.token, '/api/agency').expect(200)).body as AgencyView;
    expect(agency).toMatchObject({ id: anne.id, name: 'Agence du Nord', staffCount: 1, role: 'MANAGER' });

    // And the agency works as any: an agent's request is the agency's, billed to it.
    const agent = await inviteStaff(testApp, anne.token, {
      email: 'agent@agence-nord.test',
      name: 'Agent Nord',
      mobile: '621 555 503',
      role: 'AGENT',
    });
    const driver = new SigningDriver(testApp, agent.token);
    const document = await uploadPdf(testApp.url, agent.token, fixturePdf('minimal-document.pdf'));
    // ADVANCED: the agency's logo, uploaded by its manager before agencies existed, is the agent's too.
    const created = await driver.createRequest(document.documentId, driver.invitees(1, 'locataire'), {
      signingMode: 'ADVANCED',
    });
    const managerList = (await as(anne.token, '/api/signatures').expect(200)).body as SignatureRequestView[];
    expect(managerList.map((row) => row.id).sort()).toEqual([...requests.get(anne.id)!, created.id].sort());
    const agentList = (await as(agent.token, '/api/signatures').expect(200)).body as SignatureRequestView[];
    expect(agentList.map((row) => row.id)).toEqual([created.id]);
    const marcList = (await as(marc.token, '/api/signatures').expect(200)).body as SignatureRequestView[];
    expect(marcList.map((row) => row.id).sort()).toEqual(requests.get(marc.id));
  });
});
