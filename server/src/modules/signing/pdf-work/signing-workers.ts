import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../../../config/app-config';
import { workerEntry } from '../../documents/pdf/worker-bootstrap';
import type { SigningTask, SigningTaskReply, SigningTaskResults, WorkerPkiDescriptor } from './signing-task';
import { WorkerPool } from './worker-pool';

const SIGNING_WORKER_ENTRY = workerEntry(__dirname, 'signing-worker');

/**
 * Generous: a seal waits on two time-stamps and maybe CRL downloads (each with its own timeout), and the
 * heap holds a 10 MB file parsed several times over.
 */
export interface SigningWorkerLimits {
  timeLimitMs: Record<SigningTask['kind'], number>;
  heapLimitMb: number;
}

const DEFAULT_LIMITS: SigningWorkerLimits = {
  timeLimitMs: { 'advanced-sign': 60_000, seal: 180_000 },
  heapLimitMb: 768,
};

/** Optional: only tests change the limits. */
export const SIGNING_WORKER_LIMITS = Symbol('SigningWorkerLimits');

/** A signing task failed in its worker; the message says why, in the worker's words. */
export class SigningWorkerError extends Error {
  constructor(
    message: string,
    readonly causeName: string,
  ) {
    super(message);
    this.name = 'SigningWorkerError';
  }
}

/** Where the worker finds its keys, from the same settings the PKI module reads. */
export function workerPkiDescriptor(config: AppConfig): WorkerPkiDescriptor {
  const { env } = config;
  const directory = join(config.dataDir, 'pki');
  const trust = env.TRUST_BUNDLE_PATH ? { trustBundlePath: env.TRUST_BUNDLE_PATH } : {};
  const seal: WorkerPkiDescriptor['seal'] =
    env.SEAL_P12_PATH && env.SEAL_P12_PASSWORD
      ? { kind: 'pkcs12', path: env.SEAL_P12_PATH, password: env.SEAL_P12_PASSWORD, ...trust }
      : { kind: 'development', directory };
  const signatoryCa: WorkerPkiDescriptor['signatoryCa'] =
    env.SIGNATORY_CA_P12_PATH && env.SIGNATORY_CA_P12_PASSWORD
      ? { kind: 'pkcs12', path: env.SIGNATORY_CA_P12_PATH, password: env.SIGNATORY_CA_P12_PASSWORD, ...trust }
      : seal.kind === 'development'
        ? { kind: 'development', directory }
        : { kind: 'none' };
  return {
    seal,
    signatoryCa,
    ...(env.TSA_URL ? { timestampAuthorityUrl: env.TSA_URL } : {}),
    signatoryKeys: { type: env.SIGNATORY_KEY_TYPE, ahead: env.SIGNATORY_KEYS_AHEAD },
  };
}

/**
 * Runs signing tasks in worker threads kept warm between tasks, within the process-wide slots the
 * document checks use, so no PDF is parsed or written on the API's event loop and no private key
 * exists in the main thread: the workers load the keys themselves from the files the descriptor names.
 */
@Injectable()
export class SigningWorkers implements OnApplicationShutdown {
  private readonly logger = new Logger('SigningWorkers');
  readonly pki: WorkerPkiDescriptor;
  private readonly limits: SigningWorkerLimits;
  private readonly pool: WorkerPool<SigningTask, SigningTaskReply<SigningTask['kind']>>;

  constructor(
    config: AppConfig,
    @Optional() @Inject(SIGNING_WORKER_LIMITS) limits?: Partial<SigningWorkerLimits>,
  ) {
    this.pki = workerPkiDescriptor(config);
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.pool = new WorkerPool(
      SIGNING_WORKER_ENTRY,
      { pki: this.pki },
      { heapLimitMb: this.limits.heapLimitMb, idleMs: 60_000, maxIdle: 2, maxTasksPerWorker: 200 },
    );
    if (this.pki.signatoryCa.kind === 'none') {
      this.logger.warn(
        'No CA for signatory certificates (SIGNATORY_CA_P12_PATH): ADVANCED signatures will be refused',
      );
    }
  }

  get canSignAdvanced(): boolean {
    return this.pki.signatoryCa.kind !== 'none';
  }

  async run<K extends SigningTask['kind']>(
    task: Extract<SigningTask, { kind: K }>,
  ): Promise<SigningTaskResults[K]> {
    const outcome = await this.pool.run(task, this.limits.timeLimitMs[task.kind]);
    if (!outcome.settled) {
      throw new SigningWorkerError(`the ${task.kind} worker stopped: ${outcome.reason}`, 'WorkerStopped');
    }
    // A worker answers the task it was given: the reply to a K task carries a K result.
    const reply = outcome.reply as SigningTaskReply<K>;
    if (!reply.ok)
      throw new SigningWorkerError(`${task.kind} failed: ${reply.error.message}`, reply.error.name);
    return reply.result;
  }

  /** After the job runners have drained (beforeApplicationShutdown), so a running seal is not cut short. */
  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }
}
