import { join } from 'node:path';
import { workerEntry } from '../../documents/pdf/worker-bootstrap';
import type { ProbeTask } from './testing/probe-worker';
import { WorkerPool } from './worker-pool';

const ENTRY = workerEntry(join(__dirname, 'testing'), 'probe-worker');
const OPTIONS = { heapLimitMb: 64, idleMs: 60_000, maxIdle: 2, maxTasksPerWorker: 3 };

describe('the signing worker pool', () => {
  let pool: WorkerPool<ProbeTask, { threadId: number }>;

  beforeEach(() => {
    pool = new WorkerPool(ENTRY, {}, OPTIONS);
  });

  afterEach(async () => {
    await pool.close();
  });

  async function threadOf(task: ProbeTask, timeLimitMs = 20_000): Promise<number | string> {
    const outcome = await pool.run(task, timeLimitMs);
    return outcome.settled ? outcome.reply.threadId : outcome.reason;
  }

  it('keeps a worker for the next task, and replaces it after its quota of tasks', async () => {
    const threads = [];
    for (let index = 0; index < 4; index += 1) threads.push(await threadOf({ kind: 'echo' }));
    expect(new Set(threads.slice(0, 3)).size).toBe(1);
    expect(threads[3]).not.toBe(threads[0]);
  });

  it('stops a worker past its time limit and never reuses it', async () => {
    const first = await threadOf({ kind: 'echo' });
    expect(await threadOf({ kind: 'sleep', ms: 5_000 }, 200)).toBe('time limit');
    const next = await threadOf({ kind: 'echo' });
    expect(next).not.toBe(first);
  });

  it('reports a worker that died mid-task, and carries on with a new one', async () => {
    expect(await threadOf({ kind: 'exit' })).toBe('worker stopped');
    expect(typeof (await threadOf({ kind: 'echo' }))).toBe('number');
  });

  it('stops a worker that outgrows its heap', async () => {
    expect(await threadOf({ kind: 'grow' })).toBe('memory limit');
  });

  it('refuses tasks once closed', async () => {
    await pool.close();
    await expect(pool.run({ kind: 'echo' }, 1_000)).rejects.toThrow('closed');
  });
});
