/**
 * Groups the calls made while a group is being handled into one: the first call starts a flush (after the
 * current turn of the event loop, so calls arriving with it join), calls arriving during a flush wait for
 * the next. At most one flush runs at a time, so under load one statement serves many requests, and alone
 * a call costs what it did. Each caller gets its own result, or the flush's error.
 */
export class Batcher<T, R> {
  private waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.running) return;
      this.running = true;
      setImmediate(() => void this.run());
    });
  }

  /** Calls not yet flushed (for shutdown). */
  get pending(): number {
    return this.waiting.length;
  }

  private async run(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const results = await this.flush(batch.map((call) => call.item));
        if (results.length !== batch.length) throw new Error('a batch answered the wrong number of results');
        batch.forEach((call, index) => call.resolve(results[index] as R));
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    this.running = false;
  }
}
