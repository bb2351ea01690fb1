import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type DashboardView, type MeteredKind, type SigningMode } from '@esign/shared';
import {
  database,
  insertPastPriceList,
  luxembourgMonth,
  moveEvent,
  previousMonth,
  recordEvent,
} from './support/billing';
import { ExpiryService } from '../src/modules/signatures/expiry.service';
import { createMember, type Member, signInAdministrator } from './support/members';
import { fixturePdf, uploadPdf } from './support/signature-fixtures';
import { SigningDriver } from './support/signing-flow';
import { startTestApp, type TestApp } from './support/test-app';

type SeedStatus = 'IN_PROGRESS' | 'UPDATING_DOCUMENT' | 'SIGNED' | 'CANCELLED' | 'DECLINED' | 'EXPIRED';
interface SeedRequest {
  mode: SigningMode;
  status: SeedStatus;
  signatories?: number;
  /** Months before the current one the request was created in (0 by default). */
  createdMonthsAgo?: number;
  completed?: 'this' | 'last';
}
interface SeedMember {
  name: string;
  requests: SeedRequest[];
  /** Events metered this month; `lastMonth` ones are moved to the previous month. */
  events: { kind: MeteredKind; count: number; lastMonth?: boolean }[];
  deactivated?: boolean;
}

const SEED: Record<'alpha' | 'beta' | 'gamma', SeedMember> = {
  alpha: {
    name: 'Agence Alpha',
    requests: [
      { mode: 'SIMPLE', status: 'SIGNED', signatories: 2, completed: 'this' },
      { mode: 'ADVANCED', status: 'SIGNED', completed: 'last', createdMonthsAgo: 1 },
      { mode: 'SIMPLE', status: 'IN_PROGRESS' },
      { mode: 'SIMPLE', status: 'UPDATING_DOCUMENT', completed: 'this' },
      { mode: 'ADVANCED', status: 'CANCELLED', createdMonthsAgo: 2 },
    ],
    events: [
      { kind: 'REQUEST_SIMPLE', count: 2 },
      { kind: 'SMS', count: 3 },
      { kind: 'REQUEST_ADVANCED', count: 1, lastMonth: true },
    ],
  },
  beta: {
    name: 'Agence Beta',
    requests: [
      { mode: 'SIMPLE', status: 'SIGNED', completed: 'last', createdMonthsAgo: 1 },
      { mode: 'SIMPLE', status: 'IN_PROGRESS', createdMonthsAgo: 11 },
      { mode: 'ADVANCED', status: 'IN_PROGRESS' },
      { mode: 'SIMPLE', status: 'DECLINED' },
      { mode: 'ADVANCED', status: 'EXPIRED', createdMonthsAgo: 3 },
    ],
    events: [{ kind: 'SMS', count: 1 }],
  },
  gamma: {
    name: 'Agence Gamma',
    requests: [{ mode: 'SIMPLE', status: 'SIGNED', completed: 'this', createdMonthsAgo: 12 }],
    events: [{ kind: 'REQUEST_SIMPLE', count: 1 }],
    deactivated: true,
  },
};
// Cents, excluding VAT: the list in force since 2021.
const PRICE: Record<MeteredKind | 'FEE', number> = {
  REQUEST_SIMPLE: 100,
  REQUEST_ADVANCED: 300,
  REQUEST_QUALIFIED: 600,
  SMS: 10,
  FEE: 2000,
};

function monthsBack(month: string, count: number): string {
  let result = month;
  for (let i = 0; i < count; i += 1) result = previousMonth(result);
  return result;
}

/** What the dashboard should say for these members, worked out from the seed alone. */
function expected(members: SeedMember[], thisMonth: string) {
  const requests = members.flatMap((m) => m.requests);
  const count = (test: (r: SeedRequest) => boolean) => requests.filter(test).length;
  const counters = {
    SIGNED: count((r) => r.status === 'SIGNED'),
    IN_PROGRESS: count((r) => r.status === 'IN_PROGRESS' || r.status === 'UPDATING_DOCUMENT'),
    CANCEL: count((r) => r.status === 'CANCELLED'),
    DECLINED: count((r) => r.status === 'DECLINED'),
    EXPIRED: count((r) => r.status === 'EXPIRED'),
    SIMPLE: count((r) => r.mode === 'SIMPLE'),
    ADVANCED: count((r) => r.mode === 'ADVANCED'),
    QUALIFIED: count((r) => r.mode === 'QUALIFIED'),
  };
  const finished =
    counters.SIGNED + counters.IN_PROGRESS + counters.CANCEL + counters.DECLINED + counters.EXPIRED;
  const costs = (lastMonth: boolean) =>
    members.reduce(
      (cents, m) =>
        cents +
        // Every member active at some moment of this month owes its fee, one deactivated since included.
        (!lastMonth ? PRICE.FEE : 0) +
        m.events
          .filter((e) => Boolean(e.lastMonth) === lastMonth)
          .reduce((c, e) => c + e.count * PRICE[e.kind], 0),
      0,
    ) / 100;
  const perMonth = Array.from({ length: 12 }, (_, i) => {
    const ago = 11 - i;
    const created = requests.filter((r) => (r.createdMonthsAgo ?? 0) === ago);
    return {
      month: monthsBack(thisMonth, ago),
      SIMPLE: created.filter((r) => r.mode === 'SIMPLE').length,
      ADVANCED: created.filter((r) => r.mode === 'ADVANCED').length,
      QUALIFIED: created.filter((r) => r.mode === 'QUALIFIED').length,
    };
  });
  return {
    counterSignatureRequest: counters,
    completionRate: finished === 0 ? 0 : Math.round((100 * counters.SIGNED) / finished),
    currentMonth: thisMonth,
    lastMonth: previousMonth(thisMonth),
    currentMonthCosts: costs(false),
    lastMonthCosts: costs(true),
    completedThisMonth: count((r) => r.completed === 'this'),
    completedLastMonth: count((r) => r.completed === 'last'),
    requestsPerMonth: perMonth,
  };
}

describe('dashboard numbers against a seeded platform (API, real database)', () => {
  let testApp: TestApp;
  let adminToken: string;
  const members = new Map<keyof typeof SEED, Member>();
  const thisMonth = luxembourgMonth(new Date());
  const dashboard = async (token: string) =>
    (await request(testApp.url).get('/api/dashboard').set('Authorization', `Bearer ${token}`).expect(200))
      .body as DashboardView;

  async function seedRequest(member: Member, documentId: string, seed: SeedRequest): Promise<void> {
    const driver = new SigningDriver(testApp, member.token);
    const created = await driver.createRequest(documentId, driver.invitees(seed.signatories ?? 1));
    if (seed.status === 'CANCELLED') {
      await request(testApp.url)
        .delete(`/api/signatures/${created.id}`)
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200);
    }
    if (seed.status === 'DECLINED') {
      const key = await driver.keyOf(created.signatories[0]?.email ?? '');
      await request(testApp.url)
        .post(`/api/signatures/${created.id}/decline`)
        .query({ key })
        .send({ reason: 'Le prix a changé' })
        .expect(200);
    }
    if (seed.status === 'EXPIRED') {
      await database(testApp).query(
        `UPDATE signature_request SET expires_at = now() - interval '1 minute' WHERE id = $1`,
        [created.id],
      );
      await testApp.app.get(ExpiryService).sweep();
    }
    const monthOf = (ago: number) => `${monthsBack(thisMonth, ago)}-10T12:00:00Z`;
    const completedAt =
      seed.completed === 'this' ? new Date() : seed.completed === 'last' ? monthOf(1) : null;
    await database(testApp).query(
      `UPDATE signature_request SET signing_mode = $2, created_at = $3,
              status = CASE WHEN $4 = 'CANCELLED' THEN status ELSE $4 END, completed_at = $5
        WHERE id = $1`,
      [created.id, seed.mode, monthOf(seed.createdMonthsAgo ?? 0), seed.status, completedAt],
    );
    if (completedAt) {
      await database(testApp).query(
        `UPDATE signatory SET status = 'SIGNED', signed_at = $2 WHERE request_id = $1`,
        [created.id, completedAt],
      );
    }
  }

  async function seedMember(key: keyof typeof SEED, seed: SeedMember): Promise<void> {
    const member = await createMember(testApp, adminToken, { email: `${key}@agences.lu`, name: seed.name });
    members.set(key, member);
    const { documentId } = await uploadPdf(testApp.url, member.token, fixturePdf('pdflatex-4-pages.pdf'));
    for (const requestSeed of seed.requests) await seedRequest(member, documentId, requestSeed);
    for (const event of seed.events) {
      for (let i = 0; i < event.count; i += 1) {
        const sourceId = randomUUID();
        await recordEvent(testApp, member.id, event.kind, sourceId);
        if (event.lastMonth) await moveEvent(testApp, sourceId, `${previousMonth(thisMonth)}-10T12:00:00Z`);
      }
    }
    if (seed.deactivated) {
      await request(testApp.url)
        .delete(`/api/users/${member.id}/access`)
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
    }
  }

  beforeAll(async () => {
    testApp = await startTestApp({ env: { SIGNING_RATE_LIMIT_PER_MINUTE: '1000' } });
    adminToken = await signInAdministrator(testApp);
    await insertPastPriceList(testApp, {
      effectiveFrom: '2021-01-01',
      simple: PRICE.REQUEST_SIMPLE,
      advanced: PRICE.REQUEST_ADVANCED,
      sms: PRICE.SMS,
      fee: PRICE.FEE,
      vatBasisPoints: 1700,
    });
    for (const [key, seed] of Object.entries(SEED)) await seedMember(key as keyof typeof SEED, seed);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('shows a member their own counters, completion rate, completions and costs', async () => {
    const view = await dashboard(members.get('alpha')?.token ?? '');
    expect(view).toEqual({ scope: 'OWN', ...expected([SEED.alpha], thisMonth), overview: null });
  });

  it('shows the administrator the whole platform, the member counts and the top members', async () => {
    const view = await dashboard(adminToken);
    const all = [SEED.alpha, SEED.beta, SEED.gamma];
    const signed = (seed: SeedMember) => seed.requests.filter((r) => r.status === 'SIGNED').length;
    expect(view).toEqual({
      scope: 'ALL',
      ...expected(all, thisMonth),
      overview: {
        signaturesRealised: all
          .flatMap((m) => m.requests)
          .filter((r) => r.completed)
          .reduce((n, r) => n + (r.signatories ?? 1), 0),
        documentsSigned: all.reduce((n, m) => n + signed(m), 0),
        activeMembers: 2,
        deactivatedMembers: 1,
        topMembers: (['alpha', 'beta', 'gamma'] as const).map((key) => ({
          id: members.get(key)?.id,
          name: SEED[key].name,
          requests: SEED[key].requests.length,
          signed: signed(SEED[key]),
        })),
      },
    });
  });
});
