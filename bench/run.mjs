#!/usr/bin/env node
// The platform's performance against its floors and peers, measured in one run (`npm run bench`, after
// `npm run build`). Prints one JSON document, then the same figures as a table. Ratios measured in the
// same run are the claim; absolute times depend on the machine and its load (printed with them).
//
//   node bench/run.mjs [--only engine,seal,codes,lists,web,hostile] [--runs 5] [--seconds 5]
//                      [--database-url postgres://postgres@127.0.0.1:5432/postgres]
// Needs: wrk, Debian's Chromium (/usr/bin/chromium), and for the PostgreSQL figures a server at
// --database-url (default: $BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; skipped
// when unreachable).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { codeCheckBenchmark } from './lib/codes.mjs';
import { engineBenchmark } from './lib/engine.mjs';
import { listLatencies, listVersusMe } from './lib/lists.mjs';
import pg from './lib/pg.mjs';
import { openDatabase, seedRequests } from './lib/seed.mjs';
import {
  adminToken,
  createMember,
  createSimpleRequest,
  memberToken,
  scratchDatabase,
  startServer,
  uploadPdf,
} from './lib/server.mjs';
import { firstPaintBenchmark } from './lib/first-paint.mjs';
import { signInPageScripts } from './lib/web.mjs';
import { hostileBenchmark } from './lib/hostile.mjs';
import { ADMIN_PASSWORD } from './lib/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = new Set(option('--only', 'engine,seal,codes,lists,web,hostile').split(','));
const runs = Number(option('--runs', '5'));
const seconds = Number(option('--seconds', '5'));
const databaseServer =
  option('--database-url', undefined) ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = option('--redis-url', undefined) ?? process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (message) => process.stderr.write(`[bench] ${message}\n`);

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A request with two signatories, to be copied by the seeding. */
async function templateRequest(server, token) {
  const pdf = readFileSync(new URL('../fixtures/pdfs/minimal-document.pdf', import.meta.url));
  const documentId = await uploadPdf(server, token, pdf);
  return createSimpleRequest(server, token, {
    documentId,
    title: 'Compromis – 12 rue de la Gare',
    signatories: [1, 2].map((order) => ({
      name: `Signataire ${order}`,
      email: `s${order}@example.lu`,
      mobile: `+35262199000${order}`,
    })),
  });
}

/** One database kind: the code checks, then the list at 50 connections and its latency at 1k and 50k. */
async function apiBenchmarks(kind, directory) {
  const scratch = kind === 'postgresql' ? await scratchDatabase(databaseServer) : undefined;
  const dataDir = join(directory, `data-${kind}`);
  const where = { dataDir, databaseUrl: scratch?.url };
  const result = { database: kind };
  let server = await startServer(where);
  try {
    const admin = await adminToken(server);
    const member = await createMember(server, admin, {
      email: `agence-${kind}@bench.lu`,
      name: 'Agence du Centre',
    });
    if (only.has('codes')) {
      log(`${kind}: code checks`);
      result.codeChecks = await codeCheckBenchmark({
        server,
        admin,
        member,
        dataDir,
        runs: Math.max(runs * 2, 10),
      });
    }
    if (only.has('web') && kind === 'pglite') {
      log('admin-web sign-in page');
      result.adminWeb = await signInPageScripts(server);
      log('sign-web first page against a bare pdf.js page');
      result.signWeb = await firstPaintBenchmark({ server, admin, member, runs });
    }
    if (only.has('lists')) {
      // Two members in one database: one with 1,000 requests, one with 50,000.
      const large = await createMember(server, admin, {
        email: `grande-${kind}@bench.lu`,
        name: 'Grande Agence',
      });
      const templates = [];
      for (const owner of [member, large]) templates.push(await templateRequest(server, owner.token));
      await server.stop();
      const db = await openDatabase(where);
      try {
        await seedRequests(db, templates[0], member.id, 1_000);
        await seedRequests(db, templates[1], large.id, 50_000);
      } finally {
        await db.close();
      }
      server = await startServer(where);
      const tokens = [await memberToken(server, member.email), await memberToken(server, large.email)];
      log(`${kind}: list against /users/me`);
      const atScale = listVersusMe(server, tokens[0], { seconds });
      log(`${kind}: list latency at 1k and 50k requests`);
      result.lists = { ...atScale, latencyMs: listLatencies(server, tokens) };
    }
  } finally {
    await server.stop();
    await scratch?.drop();
  }
  return result;
}

/**
 * The hostile inputs against the product as `npm start` runs it (PGlite, jobs in the API), then as the
 * compose file runs it (PostgreSQL, Redis, one worker), with the rate limits raised so that the product's
 * own bounds are what is measured. Client addresses come from X-Forwarded-For (TRUST_PROXY=loopback).
 */
async function hostileRun(kind, directory) {
  const scratch = kind === 'postgresql' ? await scratchDatabase(databaseServer) : undefined;
  const dataDir = join(directory, `hostile-${kind}`);
  const env = { TRUST_PROXY: 'loopback', ...(scratch ? { REDIS_URL: redisUrl } : {}) };
  const server = await startServer({ dataDir, databaseUrl: scratch?.url, env });
  const worker = scratch ? server.startWorker() : undefined;
  try {
    const pids = () => [server.pid, ...(worker ? [worker.pid] : [])];
    const rows = await hostileBenchmark({
      server,
      pids,
      adminPassword: ADMIN_PASSWORD,
      databaseUrl: scratch?.url,
      log,
    });
    return {
      setup: kind === 'postgresql' ? 'PostgreSQL + Redis, API + 1 worker' : 'embedded (npm start)',
      rows,
    };
  } finally {
    await worker?.stop();
    await server.stop();
    await scratch?.drop();
  }
}

const directory = mkdtempSync(join(tmpdir(), 'esign-bench-'));
const report = {
  benchmark: 'esign',
  startedAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  loadAverageAtStart: loadavg().map((value) => Math.round(value * 100) / 100),
};
try {
  const pkiDirectory = join(directory, 'pki');
  if (only.has('engine')) {
    log('engine');
    report.engine = await engineBenchmark({ pkiDirectory, runs });
  }
  if (only.has('seal')) {
    log('seal');
    await (await import('./lib/dist.mjs')).engine().ensureDevelopmentPki(pkiDirectory, {});
    // Loaded here: the seal runs the server's signing task from server/dist, which `--only engine` does not need.
    const { sealBenchmark } = await import('./lib/seal.mjs');
    report.seal = await sealBenchmark({ directory, pkiDirectory, runs });
  }
  if (['codes', 'lists', 'web'].some((section) => only.has(section))) {
    report.api = [await apiBenchmarks('pglite', directory)];
    if (only.has('codes') || only.has('lists')) {
      if (await reachable(databaseServer)) report.api.push(await apiBenchmarks('postgresql', directory));
      else log(`no PostgreSQL at ${databaseServer}: its figures are skipped`);
    }
  }
  if (only.has('hostile')) {
    report.hostile = [await hostileRun('pglite', directory)];
    if (await reachable(databaseServer)) report.hostile.push(await hostileRun('postgresql', directory));
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
report.loadAverageAtEnd = loadavg().map((value) => Math.round(value * 100) / 100);
process.stdout.write(`${JSON.stringify(report, null, 2)}\n\n${table(report)}\n`);

/** The figures with the target each is held to (ratios of the same run), and whether it is met. */
function table(result) {
  const rows = [];
  const check = (met) => (met ? 'met' : 'NOT met');
  for (const row of result.engine ?? []) {
    rows.push([
      `engine ${row.sizeMb} MB (B-T signature)`,
      `${row.engineMs.median} ms`,
      `${row.engineVsFloor}× floor (${row.floorMs.median} ms)`,
      '',
    ]);
  }
  if (result.seal) {
    const seal = result.seal;
    rows.push([
      `seal B-LTA ${seal.sizeMb} MB, ${seal.signatories} signatories`,
      `${seal.sealMs.median} ms`,
      `${seal.sealVsFloor}× floor (${seal.floorMs.median} ms)`,
      `≤ 15×: ${check(seal.sealVsFloor <= 15)}`,
    ]);
    rows.push([
      'seal peak RSS growth',
      `${seal.peakRssGrowthMb} MB`,
      `${seal.peakRssGrowthVsFile}× the file`,
      `≤ 3×: ${check(seal.peakRssGrowthVsFile <= 3)}`,
    ]);
  }
  for (const api of result.api ?? []) {
    if (api.codeChecks) {
      const codes = api.codeChecks;
      rows.push([`code check SIMPLE (${api.database})`, `${codes.simpleMs.median} ms`, '', '']);
      rows.push([
        `code check ADVANCED (${api.database})`,
        `${codes.advancedMs.median} ms`,
        `${codes.advancedVsSimple}× SIMPLE`,
        `≤ 8×: ${check(codes.advancedVsSimple <= 8)}`,
      ]);
      rows.push([
        `key + certificate (${api.database})`,
        `${codes.keyAndCertificateMs.median} ms`,
        `${Math.round(codes.keyAndCertificateShare * 100)} % of ADVANCED`,
        `≤ 10 %: ${check(codes.keyAndCertificateShare <= 0.1)}`,
      ]);
    }
    if (api.lists) {
      const lists = api.lists;
      const floor = api.database === 'postgresql' ? 0.6 : 0.5;
      rows.push([
        `list, ${lists.connections} connections (${api.database})`,
        `${lists.list.requestsPerSecond} req/s, p99 ${lists.list.p99Ms} ms`,
        `${lists.listVsUsersMe}× /users/me (${lists.usersMe.requestsPerSecond} req/s, p99 ${lists.usersMe.p99Ms} ms)`,
        `≥ ${floor}×: ${check(lists.listVsUsersMe >= floor)}` +
          (api.database === 'postgresql' ? `; p99 < 100 ms: ${check(lists.list.p99Ms < 100)}` : ''),
      ]);
      rows.push([
        `list latency 1k → 50k (${api.database})`,
        `${lists.latencyMs.at1k} → ${lists.latencyMs.at50k} ms`,
        `${lists.latencyMs.at50kVs1k}×`,
        `≤ 1.3×: ${check(lists.latencyMs.at50kVs1k <= 1.3)}`,
      ]);
    }
    if (api.signWeb) {
      const web = api.signWeb;
      rows.push([
        `sign-web first page painted, ${web.pdfMb} MB PDF`,
        `${web.signWebMs.median} ms`,
        `${web.signWebVsBare}× a bare pdf.js page (${web.barePdfJsMs.median} ms)`,
        `≤ 1.3×: ${check(web.signWebVsBare <= 1.3)}`,
      ]);
      rows.push([
        'sign-web JS before first paint',
        `${web.signWebScriptsGzipKb} KB gzip`,
        `${web.scriptsVsPdfJs}× pdf.js's own (${web.pdfJsScriptsGzipKb} KB)`,
        `≤ 1.15×: ${check(web.scriptsVsPdfJs <= 1.15)}`,
      ]);
    }
    if (api.adminWeb) {
      rows.push([
        'admin-web JS before sign-in',
        `${api.adminWeb.gzipKb} KB gzip`,
        `${api.adminWeb.rawKb} KB raw, ${api.adminWeb.scripts} files`,
        `≤ 250 KB gzip: ${check(api.adminWeb.gzipKb <= 250)}`,
      ]);
    }
  }
  for (const run of result.hostile ?? []) {
    for (const row of run.rows) {
      const { name, answerMs, peakRssGrowthMb, rssAfterMb, pdfProcessPeakMb, worstHealthMs, ...rest } = row;
      const { expected, asExpected, calls, ...seen } = rest;
      // One input is answered within 15 s (a member's own upload beside another's backlog: that upload's answer);
      // a volume of calls (calls: N) is bounded by its rate limits.
      const answered = calls !== undefined || (seen.ownAnswerMs ?? answerMs) <= 15_000;
      const bounded = peakRssGrowthMb <= 256 && pdfProcessPeakMb <= 1024 && worstHealthMs <= 1000 && answered;
      const details = Object.entries(seen).map(([key, value]) => `${key} ${value}`);
      rows.push([
        `${name} (${run.setup})`,
        `${answerMs} ms${calls === undefined ? '' : ` for ${calls} calls`}; ${details.join(', ')}`,
        `API/worker +${peakRssGrowthMb} MB peak (+${rssAfterMb} after); PDF process ≤ ${pdfProcessPeakMb} MB; ` +
          `health ≤ ${worstHealthMs} ms`,
        `process +≤ 256 MB, PDF process ≤ 1 GB, health ≤ 1 s${calls === undefined ? ', answer ≤ 15 s' : ''}: ` +
          `${check(bounded)}; ${expected}: ${check(asExpected)}`,
      ]);
    }
  }
  const header = ['what', 'figure', 'ratio', 'target'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
