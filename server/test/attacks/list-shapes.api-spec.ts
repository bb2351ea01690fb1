import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  DOCUMENT_TYPES,
  RISK_LEVELS,
  SIGNATURE_STATUSES,
  SIGNING_MODES,
  USER_STATUS_FILTERS,
} from '@esign/shared';
import { startTestApp, type TestApp } from '../support/test-app';
import { createMember, signInAdministrator, type Member } from '../support/members';
import { fixturePdf, signatureInput, uploadPdf } from '../support/signature-fixtures';

/** Far above what the product prepares (a few statements per sort order), far below one per call. */
const STATEMENTS_BOUND = 40;
/** Distinct list calls sent: each a range, sort and filter no other call asked. */
const SHAPES = 800;
const AT_ONCE = 10;

interface PgClient {
  query<R>(text: string): Promise<{ rows: R[] }>;
  release(): void;
}

interface PgPool {
  options: { max: number };
  connect(): Promise<PgClient>;
}

/**
 * The named statements each of the pool's connections keeps (PostgreSQL keeps them per session, for the
 * session's life): every connection is taken at once, so each idle one is read, and each reads its own.
 */
async function preparedOnEachConnection(dataSource: DataSource): Promise<number[]> {
  const pool = (dataSource.driver as unknown as { master: PgPool }).master;
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  try {
    return await Promise.all(
      clients.map(async (client) => {
        const { rows } = await client.query<{ count: number }>(
          'SELECT count(*)::integer AS count FROM pg_prepared_statements',
        );
        return rows[0]?.count ?? 0;
      }),
    );
  } finally {
    clients.forEach((client) => client.release());
  }
}

/** The `index`-th list call: a range, a sort and a filter drawn so that no two calls share all three. */
function signatureListCall(index: number): Record<string, string> {
  const sorts = ['createdAt', 'updatedAt', 'signatureTitle', 'status'];
  const filters: Record<string, unknown>[] = [
    {},
    { status: SIGNATURE_STATUSES[index % SIGNATURE_STATUSES.length] },
    { signingMode: SIGNING_MODES[index % SIGNING_MODES.length], q: `nom ${index}` },
    { documentType: DOCUMENT_TYPES[index % DOCUMENT_TYPES.length] },
    { amlRiskLevel: RISK_LEVELS[index % RISK_LEVELS.length], status: 'IN_PROGRESS' },
    { q: `titre-${index}` },
  ];
  const offset = (index * 7) % 1_500;
  const length = 1 + (index % 200);
  return {
    range: JSON.stringify([offset, offset + length - 1]),
    sort: JSON.stringify([sorts[index % sorts.length], index % 2 ? 'ASC' : 'DESC']),
    filter: JSON.stringify(filters[index % filters.length]),
  };
}

function userListCall(index: number): Record<string, string> {
  const sorts = ['name', 'email', 'createdAt', 'isDisabled'];
  const offset = (index * 13) % 900;
  return {
    range: JSON.stringify([offset, offset + (index % 150)]),
    sort: JSON.stringify([sorts[index % sorts.length], index % 2 ? 'DESC' : 'ASC']),
    filter: JSON.stringify(index % 3 ? { status: USER_STATUS_FILTERS[index % 2] } : { q: `agence ${index}` }),
  };
}

/**
 * Every list call is a statement shaped by what the caller asks: its range, sort and filter. A statement kept
 * prepared for each shape costs every connection memory for the connection's life; thousands of distinct
 * calls, all answered, must leave each connection with the same small set of statements.
 */
describe('list calls of thousands of shapes', () => {
  let testApp: TestApp;
  let adminToken: string;
  let member: Member;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    adminToken = await signInAdministrator(testApp);
    member = await createMember(testApp, adminToken, { email: 'formes@agence.test', name: 'Agence Formes' });
    const { documentId } = await uploadPdf(testApp.url, member.token, fixturePdf('minimal-document.pdf'));
    await request(testApp.url)
      .post('/api/signatures')
      .set('Authorization', `Bearer ${member.token}`)
      .send(signatureInput(documentId))
      .expect(201);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('keeps a small fixed set of prepared statements on every connection', async () => {
    const calls: [string, string, Record<string, string>][] = [];
    for (let index = 0; index < SHAPES; index += 1) {
      const token = index % 4 === 3 ? adminToken : member.token;
      calls.push([token, '/api/signatures', signatureListCall(index)]);
      if (index % 4 === 0) calls.push([adminToken, '/api/users', userListCall(index)]);
    }
    for (let start = 0; start < calls.length; start += AT_ONCE) {
      await Promise.all(
        calls
          .slice(start, start + AT_ONCE)
          .map(([token, path, query]) =>
            request(testApp.url).get(path).query(query).set('Authorization', `Bearer ${token}`).expect(200),
          ),
      );
    }
    const counts = await preparedOnEachConnection(testApp.app.get<DataSource>(getDataSourceToken()));
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(STATEMENTS_BOUND);
    // A thousand calls take a while on a loaded machine; the bound is on statements, not on time.
  }, 600_000);
});
