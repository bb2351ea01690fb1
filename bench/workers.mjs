#!/usr/bin/env node
// @ts-check
// Seals per minute with 1, then 2 worker processes, on PostgreSQL and Redis, as the compose file deploys the
// product (the API with RUN_JOBS_IN_API=false, workers from server/dist/worker.js), and the cost of one scrape
// of /api/metrics. Not a test: it prints figures. After `npm run build`:
//
//   node bench/workers.mjs [--requests 40] [--workers 1,2] [--database-url postgres://…] [--redis-url redis://…]
//
// Each round: a scratch database and Redis prefix, the API and its workers, N SIMPLE requests of one
// signatory each brought to the moment of signing (invited, document received, code texted), then all N
// signed at once: N seals queue together. Seal latency is the database's own interval from the signature to
// the seal being recorded; seals per minute is N over the time from the first signature to the last seal.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  codeTextedTo,
  devOutbox,
  invitedLink,
  placedSignatories,
  signatureRequestInput,
} from '@esign/api-client';
import pg from './lib/pg.mjs';
import { adminToken, client, createMember, scratchDatabase, startServer, uploadPdf } from './lib/server.mjs';
import { median, percentile, round } from './lib/stats.mjs';

const args = process.argv.slice(2);
/** @param {string} name @param {string} fallback */
const option = (name, fallback) =>
  args.includes(name) ? (args[args.indexOf(name) + 1] ?? fallback) : fallback;
const requests = Number(option('--requests', '40'));
const workerCounts = option('--workers', '1,2').split(',').map(Number);
const databaseServer = option(
  '--database-url',
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const redisUrl = option('--redis-url', process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
const METRICS_TOKEN = randomBytes(24).toString('hex');
const log = (/** @type {string} */ message) => process.stderr.write(`[workers] ${message}\n`);

/**
 * Runs `tasks` with at most `limit` at a time.
 * @template T
 * @param {Array<() => Promise<T>>} tasks
 * @param {number} limit
 * @returns {Promise<T[]>}
 */
async function inBatches(tasks, limit) {
  /** @type {T[]} */
  const results = [];
  for (let start = 0; start < tasks.length; start += limit) {
    results.push(...(await Promise.all(tasks.slice(start, start + limit).map((task) => task()))));
  }
  return results;
}

/**
 * Milliseconds and bytes of `/api/metrics`, scraped `times` times one after another.
 * @param {{ url: string }} server
 */
async function scrapeCost(server, times = 50) {
  const durations = [];
  let bytes = 0;
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const body = await response.text();
    durations.push(performance.now() - started);
    if (!response.ok) throw new Error(`/api/metrics answered ${response.status}`);
    bytes = body.length;
  }
  return { medianMs: round(median(durations)), p95Ms: round(percentile(durations, 0.95) ?? NaN), bytes };
}

/** @param {number} workerCount */
async function round_(workerCount) {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-bench-workers-'));
  const database = await scratchDatabase(databaseServer);
  const server = await startServer({
    dataDir,
    databaseUrl: database.url,
    env: {
      REDIS_URL: redisUrl,
      BULLMQ_PREFIX: `esign-bench-${randomBytes(4).toString('hex')}`,
      RUN_JOBS_IN_API: 'false',
      METRICS_TOKEN,
    },
  });
  const workers = Array.from({ length: workerCount }, () => server.startWorker());
  try {
    const admin = await adminToken(server);
    const member = await createMember(server, admin, {
      email: 'bench-workers@agence.lu',
      name: 'Agence Bench',
    });
    const pdf = readFileSync(new URL('../fixtures/pdfs/minimal-document.pdf', import.meta.url));
    const documentId = await uploadPdf(server, member.token, pdf);
    const inbox = devOutbox(client(server, admin));
    const run = randomBytes(3).toString('hex');
    log(`${workerCount} worker(s): preparing ${requests} requests`);
    const ready = await inBatches(
      Array.from({ length: requests }, (_, index) => async () => {
        const signatory = {
          name: `Signataire ${index + 1}`,
          email: `bench-${run}-${index + 1}@example.lu`,
          mobile: `+352621${String(100_000 + index)}`,
        };
        const input = signatureRequestInput(documentId, {
          signatureTitle: `Compromis ${index + 1}`,
          language: 'fr',
          signatories: placedSignatories([signatory]),
        });
        const created = await client(server, member.token).createSignatureRequest(input);
        const link = await invitedLink(server.url, inbox, signatory.email, created.id);
        await link.receiveAndDisplay();
        await link.requestCode();
        const code = await codeTextedTo(inbox, signatory.mobile);
        return { id: created.id, sign: () => link.sign({ code, phoneNumber: signatory.mobile }) };
      }),
      8,
    );
    log(`${workerCount} worker(s): signing ${requests} requests`);
    await inBatches(
      ready.map((request) => request.sign),
      16,
    );
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const ids = ready.map((request) => request.id);
      const deadline = Date.now() + 30 * 60_000;
      for (;;) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS sealed FROM signature_request WHERE id = ANY($1) AND status = 'SIGNED'`,
          [ids],
        );
        if (rows[0]?.sealed === requests) break;
        if (Date.now() > deadline)
          throw new Error(`only ${rows[0]?.sealed} of ${requests} sealed in 30 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      /** @type {{ rows: Array<{ latency_ms: string, signed_ms: string, sealed_ms: string }> }} */
      const { rows } = await db.query(
        `SELECT EXTRACT(EPOCH FROM r.sealed_at - s.signed_at) * 1000 AS latency_ms,
                EXTRACT(EPOCH FROM s.signed_at) * 1000 AS signed_ms,
                EXTRACT(EPOCH FROM r.sealed_at) * 1000 AS sealed_ms
           FROM signature_request r JOIN signatory s ON s.request_id = r.id
          WHERE r.id = ANY($1)`,
        [ids],
      );
      const latencies = rows.map((row) => Number(row.latency_ms));
      const first = Math.min(...rows.map((row) => Number(row.signed_ms)));
      const last = Math.max(...rows.map((row) => Number(row.sealed_ms)));
      const scrape = await scrapeCost(server);
      return {
        workers: workerCount,
        requests,
        sealsPerMinute: round((requests / (last - first)) * 60_000, 1),
        sealLatencyMedianMs: round(median(latencies), 0),
        sealLatencyP95Ms: round(percentile(latencies, 0.95) ?? NaN, 0),
        scrape,
      };
    } finally {
      await db.end();
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const machine = {
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  memoryGb: round(totalmem() / 2 ** 30, 1),
  node: process.version,
  loadAverage: loadavg().map((value) => round(value, 2)),
};
const results = [];
for (const count of workerCounts) results.push(await round_(count));
process.stdout.write(`${JSON.stringify({ machine, results }, null, 2)}\n\n`);
process.stdout.write('workers | seals/min | seal latency median | p95 | /api/metrics median (p95) | bytes\n');
for (const result of results) {
  process.stdout.write(
    `${result.workers} | ${result.sealsPerMinute} | ${result.sealLatencyMedianMs} ms | ${result.sealLatencyP95Ms} ms | ` +
      `${result.scrape.medianMs} ms (${result.scrape.p95Ms} ms) | ${result.scrape.bytes}\n`,
  );
}
