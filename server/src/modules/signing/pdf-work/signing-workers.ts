import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../../../config/app-config';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../../common/app-exception';
import { ProcessPool } from '../../documents/pdf/process-pool';
import {
  PdfWorkBusyError,
  pdfWorkQueue,
  type PdfWorkQueue,
  type SigningUrgency,
} from '../../documents/pdf/pdf-work-queue';
import { workerEntry } from '../../documents/pdf/worker-bootstrap';
import type { SigningTask, SigningTaskReply, SigningTaskResults, WorkerPkiDescriptor } from './signing-task';

const SIGNING_WORKER_ENTRY = workerEntry(__dirname, 'signing-worker');

/**
 * Generous: a seal waits on two time-stamps and maybe CRL downloads (each with its own timeout), and the
 * heap holds a 10 MB file parsed several times over.
 */
export interface SigningWorkerLimits {
  timeLimitMs: Record<SigningTask['kind'], number>;
  heapLimitMb: number;
  /** The whole process, decoded page content and every buffer included. */
  memoryLimitMb: number;
  /** The process-wide queue, unless a test brings its own. */
  queue?: PdfWorkQueue;
}

const DEFAULT_LIMITS: SigningWorkerLimits = {
  timeLimitMs: { 'advanced-sign': 60_000, seal: 180_000 },
  heapLimitMb: 768,
  memoryLimitMb: 1024,
};

/** A signatory waits for a signature; a job waits for a seal. */
const URGENCY: Record<SigningTask['kind'], SigningUrgency> = {
  'advanced-sign': 'interactive',
  seal: 'background',
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
 * Runs signing tasks in processes kept warm between tasks (module loading, fonts and keys are paid for
 * once: a cold process costs about a second of CPU, a warm seal of a 10 MB file a few hundred
 * milliseconds), in the signing lane of the process-wide PDF work queue, which uploads never hold up. No
 * PDF is parsed or written in the API's process and no private key exists there: the signing processes
 * load the keys themselves from the files the descriptor names, and what a document decodes to counts
 * against their memory limit, not the API's.
 */
@Injectable()
export class SigningWorkers implements OnApplicationShutdown {
  private readonly logger = new Logger('SigningWorkers');
  readonly pki: WorkerPkiDescriptor;
  private readonly limits: SigningWorkerLimits;
  private readonly pool: ProcessPool<SigningTask, SigningTaskReply<SigningTask['kind']>>;
  private readonly queue: PdfWorkQueue;

  constructor(
    config: AppConfig,
    @Optional() @Inject(SIGNING_WORKER_LIMITS) limits?: Partial<SigningWorkerLimits>,
  ) {
    this.pki = workerPkiDescriptor(config);
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.queue = this.limits.queue ?? pdfWorkQueue;
    this.pool = new ProcessPool(
      SIGNING_WORKER_ENTRY,
      { pki: this.pki },
      {
        heapLimitMb: this.limits.heapLimitMb,
        memoryLimitMb: this.limits.memoryLimitMb,
        niceness: 5,
        idleMs: 60_000,
        maxIdle: 2,
        maxTasksPerProcess: 200,
        spares: 0,
      },
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
    const outcome = await this.queue
      .runSigning(URGENCY[task.kind], () => this.pool.run(task, this.limits.timeLimitMs[task.kind]))
      .catch((error: unknown) => {
        if (!(error instanceof PdfWorkBusyError)) throw error;
        throw new AppException(ErrorCode.SERVICE_UNAVAILABLE, undefined, { retryAfter: error.retryAfterMs });
      });
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
