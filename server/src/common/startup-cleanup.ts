/**
 * What a start has opened so far, closed when the start fails before the application exists: Nest calls no
 * shutdown hook on the providers of an application it could not create. A process that failed to start ends
 * anyway; an API test that starts the product on a damaged installation goes on, and an embedded database
 * server left listening would keep its run from ever ending.
 */
export class StartupCleanup {
  private readonly steps: (() => Promise<void>)[] = [];

  /** Closes something this start opened; the last opened is closed first. */
  add(step: () => Promise<void>): void {
    this.steps.unshift(step);
  }

  /** After a failed start: closes everything added, each step whatever the others did. */
  async run(): Promise<void> {
    for (const step of this.steps.splice(0)) await step().catch(() => undefined);
  }
}
