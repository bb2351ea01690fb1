import {
  pdfWorkQueue,
  type PdfWorkStart,
  type PdfWorkTicket,
} from '../../src/modules/documents/pdf/pdf-work-queue';

/**
 * What the process-wide PDF work queue of an in-process test app does, in order: which tasks asked for their
 * turn ('queued') and got it ('start'). Tests wait for these events rather than for time to pass.
 */
export class PdfWorkEvents {
  readonly queued: PdfWorkStart[] = [];
  readonly starts: PdfWorkStart[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly onQueued = (event: PdfWorkStart) => this.note(this.queued, event);
  private readonly onStart = (event: PdfWorkStart) => this.note(this.starts, event);

  constructor() {
    pdfWorkQueue.on('queued', this.onQueued).on('start', this.onStart);
  }

  stop(): void {
    pdfWorkQueue.off('queued', this.onQueued).off('start', this.onStart);
  }

  /** Resolves once `condition` holds for the events seen so far. */
  until(condition: (events: this) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition(this)) return;
        this.waiters.splice(this.waiters.indexOf(check), 1);
        resolve();
      };
      this.waiters.push(check);
      check();
    });
  }

  /** The owners of the checks lane's starts, in order, without the test's own holders. */
  checkStarts(): string[] {
    return this.starts
      .filter((event) => event.lane === 'checks' && !event.owner.startsWith(HOLDER))
      .map((event) => event.owner);
  }

  private note(list: PdfWorkStart[], event: PdfWorkStart): void {
    list.push(event);
    for (const waiter of [...this.waiters]) waiter();
  }
}

const HOLDER = 'test holder';

/**
 * Takes every slot of the checks lane with a task that ends when the test says so, as slow uploads would:
 * whatever is checked meanwhile waits in the queue, in the order the queue decides.
 */
export async function holdCheckSlots(events: PdfWorkEvents): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const slots = pdfWorkQueue.sizes.checkSlots;
  const holderStarts = (seen: PdfWorkEvents) =>
    seen.starts.filter((event) => event.owner.startsWith(HOLDER)).length;
  const before = holderStarts(events);
  const tickets: PdfWorkTicket[] = Array.from({ length: slots }, (_, index) =>
    pdfWorkQueue.reserve(`${HOLDER} ${index}`),
  );
  const held = tickets.map((ticket) => ticket.run(() => gate).finally(() => ticket.release()));
  await events.until((seen) => holderStarts(seen) >= before + slots);
  return {
    release: async () => {
      open();
      await Promise.all(held);
    },
  };
}
