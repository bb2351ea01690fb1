// What hostile input costs the running product: for each input an outsider (or a member) can send, the time
// to the answer, the peak growth of the resident memory of each of the product's own processes (the API, the
// worker), the largest resident memory any PDF process they started reached (each has a limit of its own),
// and the worst wait of `/api/health` meanwhile.
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ApiError, UserPool } from '@esign/api-client';
import { createMember, signIn, uploadPdf, ADMIN_EMAIL, MEMBER_PASSWORD } from './server.mjs';
import {
  doubleFlateObjectStream,
  doubleFlatePageContent,
  manyByteRanges,
  wrongOffsets,
} from './hostile-pdfs.mjs';
import pg from './pg.mjs';
import { median, round } from './stats.mjs';

const MB = 2 ** 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A field of /proc/<pid>/status in bytes (VmRSS, RssAnon...), 0 for a process gone. */
function statusBytes(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Every process below `pid` (children, grandchildren...). */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const pending = [...(children.get(pid) ?? [])];
  while (pending.length > 0) {
    const current = pending.pop();
    found.push(current);
    pending.push(...(children.get(current) ?? []));
  }
  return found;
}

/**
 * Samples, until `stop()`: each of `pids()`'s resident memory (the product's own processes), the largest
 * resident memory of any process they started (the PDF processes), and the health route's latency.
 */
function watch(server, pids) {
  const own = () => pids().map((pid) => statusBytes(pid, 'VmRSS'));
  const baseline = own();
  let peaks = [...baseline];
  let childPeak = 0;
  let worstHealthMs = 0;
  let running = true;
  const sample = () => {
    peaks = own().map((value, index) => Math.max(value, peaks[index] ?? 0));
    for (const pid of pids().flatMap(descendants)) childPeak = Math.max(childPeak, statusBytes(pid, 'VmRSS'));
  };
  const sampler = setInterval(sample, 50);
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      await sleep(100);
    }
  })();
  return async () => {
    running = false;
    clearInterval(sampler);
    await probing;
    sample();
    const growth = peaks.map((peak, index) => peak - (baseline[index] ?? 0));
    return {
      peakRssGrowthMb: round(Math.max(...growth) / MB, 0),
      rssAfterMb: round(Math.max(...own().map((value, index) => value - (baseline[index] ?? 0))) / MB, 0),
      pdfProcessPeakMb: round(childPeak / MB, 0),
      worstHealthMs: round(worstHealthMs, 0),
    };
  };
}

/**
 * Runs one attack under watch; `attack` answers what it saw (statuses, counts), `expected` says what the
 * product should have answered and whether it did.
 */
async function measured(name, server, pids, attack, expected, log) {
  log(`hostile: ${name}`);
  await sleep(500);
  const stop = watch(server, pids);
  const started = performance.now();
  let outcome;
  try {
    outcome = await attack();
  } catch (error) {
    outcome = { error: error instanceof Error ? error.message.slice(0, 200) : String(error) };
  }
  const answerMs = round(performance.now() - started, 0);
  const [expectation, met] = expected(outcome);
  return { name, answerMs, ...(await stop()), ...outcome, expected: expectation, asExpected: met };
}

async function verify(server, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'document.pdf');
  const response = await fetch(`${server.url}/api/verify`, { method: 'POST', body: form });
  const body = await response.json().catch(() => ({}));
  return { status: response.status, code: body.code };
}

/** An upload's final answer: the document id, or the refusal's status and code. */
async function upload(server, token, bytes) {
  try {
    return { status: 201, documentId: await uploadPdf(server, token, bytes) };
  } catch (error) {
    return error instanceof ApiError ? { status: error.status, code: error.code } : { status: 0 };
  }
}

async function cognitoFrom(server, address, target, body) {
  const pool = await UserPool.of(server.url);
  const response = await pool.fetch(
    target,
    { ClientId: pool.clientId, ...body },
    { 'X-Forwarded-For': address },
  );
  await response.arrayBuffer();
  return response.status;
}

const password = (server, address, username, secret) =>
  cognitoFrom(server, address, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD: secret },
  });

/** Private memory of the PostgreSQL backends serving `databaseUrl`'s database (0 on PGlite). */
async function backendsRss(databaseUrl) {
  if (!databaseUrl) return 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    // Private memory only: a backend's RSS also counts the shared buffers it touched.
    return rows.reduce((sum, row) => sum + statusBytes(row.pid, 'RssAnon'), 0);
  } finally {
    await client.end();
  }
}

/** `total` list calls, each a shape of its own (range, sort, filter), 8 at a time. */
async function distinctListShapes(server, token, total) {
  const sorts = ['createdAt', 'updatedAt', 'signatureTitle', 'status'];
  const statuses = [200, 0];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const start = index % 997;
      const range = JSON.stringify([start, start + 1 + (index % 50)]);
      const sort = JSON.stringify([sorts[index % sorts.length], index % 2 ? 'ASC' : 'DESC']);
      const filter = JSON.stringify(index % 3 === 0 ? { q: `n${index}` } : {});
      const query = new URLSearchParams({ range, sort, filter });
      const response = await fetch(`${server.url}/api/signatures?${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) statuses[1] += 1;
      else statuses[0] += 1;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { answered200: statuses[0], otherAnswers: statuses[1] };
}

/** Each hostile input in turn against `server` (its admin password given), with `pids()` its processes. */
export async function hostileBenchmark({ server, pids, adminPassword, databaseUrl, log }) {
  const fixture = readFileSync(new URL('../../fixtures/pdfs/pdflatex-4-pages.pdf', import.meta.url));
  const admin = await signIn(server, ADMIN_EMAIL, adminPassword);
  const [memberA, memberB] = [
    await createMember(server, admin, { email: 'agence-a@hostile.lu', name: 'Agence A' }),
    await createMember(server, admin, { email: 'agence-b@hostile.lu', name: 'Agence B' }),
  ];
  const results = [];
  const run = (name, attack, expected) =>
    measured(name, server, pids, attack, expected, log).then((row) => results.push(row));
  const refused = (outcome) => ['refused (4xx)', outcome.status >= 400 && outcome.status < 500];
  const stored = (outcome) => ['stored (201)', outcome.status === 201];

  const ranges = manyByteRanges(200, 9.5);
  await run('verify: 200 byte ranges in 9.5 MB (public)', () => verify(server, ranges), refused);
  await run(
    'upload: page content Flate over Flate, 1 GiB',
    async () => upload(server, memberA.token, await doubleFlatePageContent()),
    refused,
  );
  await run(
    'upload: object stream Flate over Flate, 1 GiB',
    async () => upload(server, memberA.token, await doubleFlateObjectStream()),
    refused,
  );
  const rebuilt = wrongOffsets(200_000);
  await run(
    `upload: ${round(rebuilt.length / MB, 1)} MB, 200,000 objects, wrong offsets`,
    () => upload(server, memberA.token, rebuilt),
    stored,
  );
  await run('upload: a 4-page PDF, alone', () => upload(server, memberB.token, fixture), stored);
  await run(
    'upload: a 4-page PDF while another member sends six 9 MB repairs',
    async () => {
      const backlog = Array.from({ length: 6 }, () => upload(server, memberA.token, rebuilt));
      await sleep(200);
      const started = performance.now();
      const own = await upload(server, memberB.token, fixture);
      const ownMs = round(performance.now() - started, 0);
      const others = await Promise.all(backlog);
      return {
        ...own,
        ownAnswerMs: ownMs,
        backlogStatuses: others.map((other) => other.status).join(' '),
      };
    },
    stored,
  );
  await run(
    'list: 15,000 calls of one member, each a shape of its own',
    async () => {
      // The pool's connections opened first (each new backend's own memory is not the shapes'), then counted.
      await distinctListShapes(server, memberA.token, 200);
      const before = await backendsRss(databaseUrl);
      const answered = await distinctListShapes(server, memberA.token, 15_000);
      const after = await backendsRss(databaseUrl);
      return { calls: 15_000, ...answered, databaseBackendsGrowthMb: round((after - before) / MB, 0) };
    },
    (outcome) => ['database backends +≤ 64 MB', outcome.databaseBackendsGrowthMb <= 64],
  );
  await run(
    'sign-in: 10 addresses × 5 wrong passwords, then the owner from an 11th',
    async () => {
      const guesses = [];
      for (let address = 1; address <= 10; address += 1)
        for (let attempt = 0; attempt < 5; attempt += 1)
          guesses.push(password(server, `198.51.100.${address}`, ADMIN_EMAIL, `Wrong-${attempt}-Passw0rd`));
      await Promise.all(guesses);
      const owner = await password(server, '203.0.113.7', ADMIN_EMAIL, adminPassword);
      return { calls: 51, ownerStatus: owner };
    },
    (outcome) => ['the owner signs in', outcome.ownerStatus === 200],
  );
  await run(
    'sign-in: 4 typos, then the right password twice from that address',
    async () => {
      const address = '203.0.113.50';
      for (let attempt = 0; attempt < 4; attempt += 1)
        await password(server, address, memberB.email, `Typo-${attempt}-Passw0rd`);
      const first = await password(server, address, memberB.email, MEMBER_PASSWORD);
      const again = await password(server, address, memberB.email, MEMBER_PASSWORD);
      return { calls: 6, firstStatus: first, secondStatus: again };
    },
    (outcome) => ['both sign in', outcome.firstStatus === 200 && outcome.secondStatus === 200],
  );
  await run(
    'ForgotPassword: a real account against an unknown one, 100 each alternated (medians)',
    async () => {
      const real = [];
      const unknown = [];
      // The same two names each time: whatever limit applies to a name applies to both alike.
      for (let round_ = 0; round_ < 100; round_ += 1) {
        for (const [username, times] of [
          [memberB.email, real],
          ['nobody@hostile.lu', unknown],
        ]) {
          const started = performance.now();
          const address = `192.0.2.${(round_ % 250) + 1}`;
          await cognitoFrom(server, address, 'ForgotPassword', { Username: username });
          times.push(performance.now() - started);
        }
      }
      return { calls: 200, realMs: round(median(real), 1), unknownMs: round(median(unknown), 1) };
    },
    (outcome) => [
      'within 1.5× of each other',
      Math.max(outcome.realMs / outcome.unknownMs, outcome.unknownMs / outcome.realMs) <= 1.5,
    ],
  );
  return results;
}
