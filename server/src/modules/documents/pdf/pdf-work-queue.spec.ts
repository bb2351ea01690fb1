import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defaultPdfWorkSizes,
  MAX_PDF_CHECKS_PER_CALLER,
  PdfWorkBusyError,
  PdfWorkQueue,
  type PdfWorkStart,
  type PdfWorkTicket,
} from './pdf-work-queue';
import { ProcessPool } from './process-pool';
import type { ProbeReply, ProbeTask } from './testing/probe-worker';
import { workerEntry } from './worker-bootstrap';

const ENTRY = workerEntry(join(__dirname, 'testing'), 'probe-worker');
const SIZES = { checkSlots: 1, signingSlots: 1, perCaller: 3, checksInFlight: 8, signingWaiting: 2 };

describe('the PDF work queue, with real PDF processes', () => {
  let directory: string;
  let pool: ProcessPool<ProbeTask, ProbeReply>;
  let queue: PdfWorkQueue;
  let starts: PdfWorkStart[];
  let gates = 0;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'pdf-queue-'));
    pool = new ProcessPool(
      ENTRY,
      {},
      {
        heapLimitMb: 64,
        memoryLimitMb: 256,
        niceness: 0,
        idleMs: 60_000,
        maxIdle: 2,
        maxTasksPerProcess: 100,
        spares: 0,
      },
    );
    queue = new PdfWorkQueue(SIZES);
    starts = [];
    queue.on('start', (start: PdfWorkStart) => starts.push(start));
  });

  afterEach(async () => {
    await pool.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** A task that runs in a process until the test opens its gate. */
  function gated(): { task: ProbeTask; open: () => void } {
    gates += 1;
    const path = join(directory, `gate-${gates}`);
    return { task: { kind: 'await-file', path }, open: () => writeFileSync(path, '') };
  }

  /** Runs `task` in `ticket`'s turn, noting who finished in `finished`. */
  function checkIn(ticket: PdfWorkTicket, task: ProbeTask, finished: string[]): Promise<void> {
    return ticket
      .run(() => pool.run(task, 60_000))
      .then(() => void finished.push(ticket.owner))
      .finally(() => ticket.release());
  }

  /** Resolves once the queue has handed out `count` slots in all. */
  const started = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (starts.length < count) return;
        queue.off('start', check);
        resolve();
      };
      queue.on('start', check);
      check();
    });

  it("serves another member's single check before one member's backlog drains", async () => {
    const finished: string[] = [];
    const gate = gated();
    const first = checkIn(queue.reserve('member-a'), gate.task, finished);
    await started(1);
    const backlog = [checkIn(queue.reserve('member-a'), { kind: 'echo' }, finished)];
    backlog.push(checkIn(queue.reserve('member-a'), { kind: 'echo' }, finished));
    const single = checkIn(queue.reserve('member-b'), { kind: 'echo' }, finished);
    gate.open();
    await Promise.all([first, ...backlog, single]);
    expect(finished).toEqual(['member-a', 'member-b', 'member-a', 'member-a']);
    expect(starts.map((start) => start.owner)).toEqual(finished);
  });

  it(`refuses a caller's check past ${MAX_PDF_CHECKS_PER_CALLER} in flight, and takes it again once one ends`, async () => {
    const finished: string[] = [];
    const gate = gated();
    const running = [checkIn(queue.reserve('member-a'), gate.task, finished)];
    running.push(checkIn(queue.reserve('member-a'), { kind: 'echo' }, finished));
    running.push(checkIn(queue.reserve('member-a'), { kind: 'echo' }, finished));
    let refusal: unknown;
    try {
      queue.reserve('member-a');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PdfWorkBusyError);
    expect(refusal).toMatchObject({ scope: 'caller', retryAfterMs: expect.any(Number) as unknown });
    // Another member is not refused for it.
    running.push(checkIn(queue.reserve('member-b'), { kind: 'echo' }, finished));
    gate.open();
    await Promise.all(running);
    expect(() => queue.reserve('member-a').release()).not.toThrow();
  });

  it('counts callers apart from the queue they wait in (the public verification, per address)', () => {
    const places = [1, 2, 3].map(() => queue.reserve('public', 'address-1', 5));
    expect(() => queue.reserve('public', 'address-1', 5)).toThrow(PdfWorkBusyError);
    places.push(queue.reserve('public', 'address-2', 5), queue.reserve('public', 'address-3', 5));
    // The owner's own limit, over all its callers.
    expect(() => queue.reserve('public', 'address-4', 5)).toThrow(
      expect.objectContaining({ scope: 'everyone' }) as Error,
    );
    places.forEach((place) => place.release());
  });

  it('refuses everyone once the lane holds its size, with a wait to come back after', () => {
    const places = Array.from({ length: SIZES.checksInFlight }, (_, index) =>
      queue.reserve(`member-${index}`),
    );
    expect(() => queue.reserve('member-late')).toThrow(
      expect.objectContaining({ scope: 'everyone' }) as Error,
    );
    places.forEach((place) => place.release());
    expect(() => queue.reserve('member-late').release()).not.toThrow();
  });

  it('runs a signature while every check slot is taken, and signatures before seals', async () => {
    const finished: string[] = [];
    const checkGate = gated();
    const check = checkIn(queue.reserve('member-a'), checkGate.task, finished);
    const queued = checkIn(queue.reserve('member-b'), { kind: 'echo' }, finished);
    await started(1);
    const sealGate = gated();
    const seal = queue.runSigning('background', () => pool.run(sealGate.task, 60_000));
    await started(2);
    const laterSeal = queue
      .runSigning('background', () => pool.run({ kind: 'echo' }, 60_000))
      .then(() => void finished.push('seal'));
    const signature = queue
      .runSigning('interactive', () => pool.run({ kind: 'echo' }, 60_000))
      .then(() => void finished.push('signature'));
    // The signing lane is full: a third waiting task is refused rather than queued without end.
    await expect(queue.runSigning('background', () => Promise.resolve())).rejects.toThrow(PdfWorkBusyError);
    sealGate.open();
    await Promise.all([seal, signature, laterSeal]);
    // Both ran while the check held the only check slot and another check waited.
    expect(finished).toEqual(['signature', 'seal']);
    checkGate.open();
    await Promise.all([check, queued]);
    expect(finished).toEqual(['signature', 'seal', 'member-a', 'member-b']);
  });

  it('gives each lane slots of its own, a core left to the API', () => {
    expect(defaultPdfWorkSizes(2)).toMatchObject({ checkSlots: 1, signingSlots: 1 });
    expect(defaultPdfWorkSizes(16)).toMatchObject({ checkSlots: 4, signingSlots: 2 });
  });
});
