import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { StartupCleanup } from '../../common/startup-cleanup';
import { Metrics } from '../metrics/metrics.service';
import { BullmqJobRuntime } from './bullmq-job-runtime';
import { JobQueue } from './job-queue.service';
import { JobRegistry } from './job-registry';
import { JOB_RUNTIME, type JobRuntime } from './job-runtime';
import { JobStore } from './job-store';
import { PostgresJobRunner } from './postgres-job-runner';

export const JOBS_OPTIONS = Symbol('JobsOptions');
export interface JobsOptions {
  /** Whether this process executes jobs (the worker always; the API in embedded mode). */
  processJobs: boolean;
  /** How long running jobs get to finish on shutdown before they are handed back (`SHUTDOWN_GRACE_SECONDS`). */
  shutdownGraceMs?: number;
  /**
   * Whether this process reports the job table's counts in its metrics: the API only, since every process
   * would report the same figures (and read the table for them at each scrape).
   */
  reportsQueue?: boolean;
}

/** Answers the metrics' job gauges from the table, in the process that reports them. */
@Injectable()
class QueueReport implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly store: JobStore,
    @Inject(JOBS_OPTIONS) private readonly options: JobsOptions,
  ) {}

  onModuleInit(): void {
    if (this.options.reportsQueue) this.metrics.countJobsWith(() => this.store.countsByType());
  }
}

@Injectable()
class JobRuntimeLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(JOB_RUNTIME) private readonly runtime: JobRuntime,
    @Inject(JOBS_OPTIONS) private readonly options: JobsOptions,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runtime.stop(this.options.shutdownGraceMs ?? this.config.env.SHUTDOWN_GRACE_SECONDS * 1000);
  }
}

function createRuntime(
  config: AppConfig,
  options: JobsOptions,
  store: JobStore,
  registry: JobRegistry,
  queue: JobQueue,
  metrics: Metrics,
  cleanup: StartupCleanup,
): JobRuntime {
  const pollMs = 500;
  const concurrency = config.env.QUEUE_CONCURRENCY;
  if (config.env.REDIS_URL) {
    // Its Redis connections open here; a start that fails later closes them.
    const runtime = new BullmqJobRuntime(config.env.REDIS_URL, store, registry, queue, metrics, {
      concurrency,
      pollMs,
      processJobs: options.processJobs,
      prefix: config.env.BULLMQ_PREFIX,
      handoverMs: config.env.QUEUE_LOCK_SECONDS * 1000,
      redispatchAfterMs: config.env.QUEUE_REDISPATCH_SECONDS * 1000,
    });
    cleanup.add(() => runtime.stop(0));
    return runtime;
  }
  const runner = new PostgresJobRunner(store, registry, queue, metrics, {
    concurrency: config.usesEmbeddedDatabase ? 1 : concurrency,
    pollMs,
    exclusive: config.usesEmbeddedDatabase,
  });
  if (options.processJobs) return runner;
  return { start: () => Promise.resolve(), stop: () => Promise.resolve(), ping: () => runner.ping() };
}

@Global()
@Module({})
export class JobsModule {
  static forRoot(options: JobsOptions): DynamicModule {
    return {
      module: JobsModule,
      imports: [DiscoveryModule],
      providers: [
        JobStore,
        JobQueue,
        JobRegistry,
        JobRuntimeLifecycle,
        QueueReport,
        { provide: JOBS_OPTIONS, useValue: options },
        {
          provide: JOB_RUNTIME,
          inject: [AppConfig, JOBS_OPTIONS, JobStore, JobRegistry, JobQueue, Metrics, StartupCleanup],
          useFactory: createRuntime,
        },
      ],
      exports: [JobQueue, JOB_RUNTIME, JOBS_OPTIONS],
    };
  }
}
