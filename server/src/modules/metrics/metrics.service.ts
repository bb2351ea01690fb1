import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JobName } from '@esign/shared';

/** How many jobs of one type are in each state, as the job table says at the moment of a scrape. */
export interface JobCounts {
  type: string;
  waiting: number;
  delayed: number;
  active: number;
  failed: number;
  /** Seconds the oldest due and unfinished job of this type has waited; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/** What `/api/health` checks, each up or down, asked at each scrape of the API. */
export type HealthChecks = Record<string, 'up' | 'down'>;

export const JOB_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;
/** How a job's attempt ended: it ran, it failed and will be tried again, or it failed for good. */
export const JOB_OUTCOMES = ['done', 'retried', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

export const REQUEST_EVENTS = ['created', 'signed', 'declined', 'expired', 'cancelled'] as const;
export type RequestEvent = (typeof REQUEST_EVENTS)[number];
export const SIGNING_MODES = ['SIMPLE', 'ADVANCED', 'QUALIFIED'] as const;

export const CODE_CHECK_OUTCOMES = ['valid', 'wrong', 'expired'] as const;
export type CodeCheckOutcome = (typeof CODE_CHECK_OUTCOMES)[number];
export const MESSAGE_OUTCOMES = ['sent', 'failed', 'rejected'] as const;
export type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

/** The label of a request that matched no route: raw paths are never label values. */
export const UNMATCHED_ROUTE = 'unmatched';
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A value of a label only if it is one of `known`, else `other`: what a caller sends never makes a series. */
function bounded(value: string, known: readonly string[]): string {
  return known.includes(value) ? value : 'other';
}

/**
 * The process's own figures (event-loop lag, heap, RSS, GC, handles), once per process whatever the number of
 * applications it builds (the tests build many): prom-client's default metrics.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The product's metrics, in the Prometheus exposition format through prom-client: one registry per
 * application, which every module records into through this service. Each label value comes from a closed
 * list (route templates, job names, modes, outcomes, error codes), so no request can add a series.
 * Counters are moved once the change they count has committed.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private jobCounts: (() => Promise<JobCounts[]>) | undefined;
  private healthChecks: (() => Promise<HealthChecks>) | undefined;
  /** The read of the job table under way: the two job gauges of one scrape share it. */
  private jobsReading: Promise<void> | undefined;

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status class',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: 'esign_rate_limit_refusals_total',
    help: 'Requests refused with 429 (a rate limit or a full queue), by route template',
    labelNames: ['route'],
    registers: [this.registry],
  });

  readonly jobs = new Gauge({
    name: 'esign_jobs',
    help: 'Jobs in the job table by type and state (waiting: due and not finished; delayed: due later; active: run by the embedded runner; failed: failed for good in the last 24 hours)',
    labelNames: ['type', 'state'],
    registers: [this.registry],
    collect: () => this.readJobs(),
  });
  readonly oldestWaitingJob = new Gauge({
    name: 'esign_job_oldest_waiting_seconds',
    help: 'Seconds the oldest due and unfinished job of each type has waited',
    labelNames: ['type'],
    registers: [this.registry],
    collect: () => this.readJobs(),
  });
  readonly collectErrors = new Counter({
    name: 'esign_metrics_collect_errors_total',
    help: 'Scrapes during which a figure could not be read (jobs: the job table; its gauges keep their last values)',
    labelNames: ['source'],
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'esign_job_duration_seconds',
    help: 'Time one attempt of a job took in this process, by type and outcome (done, retried, failed)',
    labelNames: ['type', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });
  readonly jobsRelayedAgain = new Counter({
    name: 'esign_jobs_relayed_again_total',
    help: 'Jobs handed to Redis that Redis no longer knew (it lost its data), relayed again from the job table',
    labelNames: ['type'],
    registers: [this.registry],
  });

  readonly requests = new Counter({
    name: 'esign_signature_requests_total',
    help: 'Signature requests created, signed (sealed), declined, expired or cancelled, by signing mode',
    labelNames: ['event', 'mode'],
    registers: [this.registry],
  });
  readonly signatures = new Counter({
    name: 'esign_signatures_total',
    help: "Signatories' signatures recorded, by signing mode",
    labelNames: ['mode'],
    registers: [this.registry],
  });
  readonly sealDuration = new Histogram({
    name: 'esign_seal_duration_seconds',
    help: 'Time to seal a signed document (evidence, seal, validation data, time-stamp) and record it',
    buckets: [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60, 120],
    registers: [this.registry],
  });
  readonly sealFailures = new Counter({
    name: 'esign_seal_failures_total',
    help: 'Seal attempts that failed (the job is tried again)',
    registers: [this.registry],
  });
  readonly sealsAbandoned = new Counter({
    name: 'esign_seals_abandoned_total',
    help: 'Requests whose sealing failed too many times and that stay UPDATING_DOCUMENT',
    registers: [this.registry],
  });
  readonly codeChecks = new Counter({
    name: 'esign_code_checks_total',
    help: 'One-time codes checked at signing, by outcome (valid, wrong, expired)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly messages = new Counter({
    name: 'esign_messages_total',
    help: 'E-mails and SMS handed to their provider, by channel and outcome (sent; failed: tried again; rejected: refused for good)',
    labelNames: ['channel', 'outcome'],
    registers: [this.registry],
  });
  readonly qualifiedSessions = new Counter({
    name: 'esign_qualified_sessions_total',
    help: "Round trips to the qualified provider that ended, by outcome (signed, or the failure's reason)",
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  readonly signInFailures = new Counter({
    name: 'esign_sign_in_failures_total',
    help: 'Wrong secrets given to the embedded user pool (password, refresh token, reset code)',
    registers: [this.registry],
  });
  readonly signInLocks = new Counter({
    name: 'esign_sign_in_locks_total',
    help: 'Locks of an address out of an account started by its failures in a row',
    registers: [this.registry],
  });
  readonly uploadsRefused = new Counter({
    name: 'esign_uploads_refused_total',
    help: 'Uploaded files refused once read and checked, by reason (the error code answered)',
    labelNames: ['reason'],
    registers: [this.registry],
  });

  readonly health = new Gauge({
    name: 'esign_health_check_up',
    help: 'Whether each check of /api/health answers (1) or not (0), asked at each scrape of the API',
    labelNames: ['check'],
    registers: [this.registry],
    collect: () => this.collectHealth(),
  });

  constructor() {
    // The process's figures are gathered from its start, not from its first scrape.
    processMetrics();
    // Every series the alerts and the dashboard read exists from the start, at 0.
    for (const mode of SIGNING_MODES) {
      for (const event of REQUEST_EVENTS) this.requests.inc({ event, mode }, 0);
      this.signatures.inc({ mode }, 0);
    }
    for (const outcome of CODE_CHECK_OUTCOMES) this.codeChecks.inc({ outcome }, 0);
    for (const channel of ['email', 'sms']) {
      for (const outcome of MESSAGE_OUTCOMES) this.messages.inc({ channel, outcome }, 0);
    }
    for (const type of Object.values(JobName)) {
      for (const state of JOB_STATES) this.jobs.set({ type, state }, 0);
      this.oldestWaitingJob.set({ type }, 0);
      this.jobsRelayedAgain.inc({ type }, 0);
    }
    this.sealFailures.inc(0);
    this.sealsAbandoned.inc(0);
    this.signInFailures.inc(0);
    this.signInLocks.inc(0);
    this.collectErrors.inc({ source: 'jobs' }, 0);
  }

  /** The exposition: this application's metrics, then the process's. */
  async exposition(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return own.endsWith('\n') ? `${own}${process}` : `${own}\n${process}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Where the job gauges are read from at each scrape (the jobs module answers from its table). */
  countJobsWith(source: () => Promise<JobCounts[]>): void {
    this.jobCounts = source;
  }

  /** Where the health gauge is read from at each scrape (the API's health checks). */
  checkHealthWith(source: () => Promise<HealthChecks>): void {
    this.healthChecks = source;
  }

  observeHttp(route: string, method: string, status: number, seconds: number): void {
    const labels = {
      route,
      method: HTTP_METHODS.has(method) ? method : 'other',
      status: statusClass(status),
    };
    this.httpDuration.observe(labels, seconds);
    if (status === 429) this.rateLimitRefusals.inc({ route });
  }

  requestEvent(event: RequestEvent, mode: string, count = 1): void {
    if (count > 0) this.requests.inc({ event, mode: bounded(mode, SIGNING_MODES) }, count);
  }

  signatureRecorded(mode: string): void {
    this.signatures.inc({ mode: bounded(mode, SIGNING_MODES) });
  }

  jobAttempt(type: string, outcome: JobOutcome, seconds: number): void {
    this.jobDuration.observe({ type: bounded(type, Object.values(JobName)), outcome }, seconds);
  }

  jobRelayedAgain(type: string): void {
    this.jobsRelayedAgain.inc({ type: bounded(type, Object.values(JobName)) });
  }

  codeChecked(outcome: CodeCheckOutcome): void {
    this.codeChecks.inc({ outcome });
  }

  messageHandedOver(channel: string, outcome: MessageOutcome): void {
    this.messages.inc({ channel: bounded(channel, ['email', 'sms']), outcome });
  }

  qualifiedSessionEnded(outcome: string, known: readonly string[]): void {
    this.qualifiedSessions.inc({ outcome: bounded(outcome, known) });
  }

  uploadRefused(reason: string, known: readonly string[]): void {
    this.uploadsRefused.inc({ reason: bounded(reason, known) });
  }

  private readJobs(): Promise<void> {
    this.jobsReading ??= this.collectJobs().finally(() => {
      this.jobsReading = undefined;
    });
    return this.jobsReading;
  }

  private async collectJobs(): Promise<void> {
    if (!this.jobCounts) return;
    let rows: JobCounts[];
    try {
      rows = await this.jobCounts();
    } catch {
      // The scrape still answers: the database's own failure shows in esign_health_check_up.
      this.collectErrors.inc({ source: 'jobs' });
      return;
    }
    const seen = new Set(rows.map((row) => row.type));
    for (const type of Object.values(JobName)) {
      if (seen.has(type)) continue;
      for (const state of JOB_STATES) this.jobs.set({ type, state }, 0);
      this.oldestWaitingJob.set({ type }, 0);
    }
    const known: readonly string[] = Object.values(JobName);
    for (const row of rows) {
      // A row of a job name no longer handled (left by an older version) is still counted, as `other`.
      const type = bounded(row.type, known);
      for (const state of JOB_STATES) this.jobs.set({ type, state }, row[state]);
      this.oldestWaitingJob.set({ type }, row.oldestWaitingSeconds);
    }
  }

  private async collectHealth(): Promise<void> {
    if (!this.healthChecks) return;
    const checks = await this.healthChecks();
    for (const [check, state] of Object.entries(checks)) this.health.set({ check }, state === 'up' ? 1 : 0);
  }
}

function statusClass(status: number): string {
  if (status >= 100 && status < 600) return `${Math.floor(status / 100)}xx`;
  return 'other';
}
