/** Thrown instead of queueing when a line, or the number of lines, is full. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

interface Line {
  tail: Promise<void>;
  length: number;
}

/**
 * Runs the work given for one key one at a time, in order of arrival; different keys run side by side. Each
 * line holds at most `maxPerKey` pieces of work (the one running included), and at most `maxKeys` lines
 * exist at once: beyond either, `run` throws QueueFullError without queueing. A line goes when it empties.
 */
export class SerialQueues {
  private readonly lines = new Map<string, Line>();

  constructor(
    private readonly maxPerKey: number,
    private readonly maxKeys = Number.POSITIVE_INFINITY,
  ) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let line = this.lines.get(key);
    if (!line) {
      if (this.lines.size >= this.maxKeys) throw new QueueFullError('Too many queues');
      line = { tail: Promise.resolve(), length: 0 };
      this.lines.set(key, line);
    }
    if (line.length >= this.maxPerKey) throw new QueueFullError('Queue full');
    line.length += 1;
    const previous = line.tail;
    let release!: () => void;
    line.tail = new Promise((resolve) => {
      release = resolve;
    });
    const own = line;
    try {
      await previous;
      return await work();
    } finally {
      own.length -= 1;
      if (own.length === 0 && this.lines.get(key) === own) this.lines.delete(key);
      release();
    }
  }

  /** Lines in use: what a test reads to see that the map empties. */
  get size(): number {
    return this.lines.size;
  }
}
