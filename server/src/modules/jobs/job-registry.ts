import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JobName } from '@esign/shared';
import { JOB_HANDLER, type JobContext } from './job-handler.decorator';

type AnyHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** Finds the `@HandlesJob` methods at start-up and refuses to start if a job name has none, or two. */
@Injectable()
export class JobRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, AnyHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[methodName];
        if (typeof method !== 'function') continue;
        const name = this.reflector.get<JobName | undefined>(JOB_HANDLER, method as () => void);
        if (!name) continue;
        if (this.handlers.has(name)) throw new Error(`Job ${name} has two processors`);
        this.handlers.set(name, (method as AnyHandler).bind(instance));
      }
    }
    const missing = Object.values(JobName).filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new Error(`No processor for job(s): ${missing.join(', ')}`);
  }

  /**
   * Runs a job's processor. The payload is the one `JobQueue.enqueue` stored, which the compiler checked
   * against the job's type, as it checked the processor's (`@HandlesJob`): it is passed on as such.
   */
  async run(name: JobName, payload: unknown, context: JobContext): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`Unknown job ${name}`);
    await handler(payload, context);
  }

  isKnown(name: string): name is JobName {
    return this.handlers.has(name as JobName);
  }
}
