import { join } from 'node:path';
import { residentMb } from './pdf-process';
import { ProcessPool, type ProcessPoolOptions } from './process-pool';
import type { ProbeReply, ProbeTask } from './testing/probe-worker';
import { workerEntry } from './worker-bootstrap';

const ENTRY = workerEntry(join(__dirname, 'testing'), 'probe-worker');
const OPTIONS: ProcessPoolOptions = {
  heapLimitMb: 64,
  memoryLimitMb: 256,
  niceness: 0,
  idleMs: 60_000,
  maxIdle: 2,
  maxTasksPerProcess: 3,
  spares: 0,
};

describe('the PDF process pool', () => {
  const pools: ProcessPool<ProbeTask, ProbeReply>[] = [];
  const poolWith = (options: Partial<ProcessPoolOptions> = {}) => {
    const pool = new ProcessPool<ProbeTask, ProbeReply>(ENTRY, {}, { ...OPTIONS, ...options });
    pools.push(pool);
    return pool;
  };

  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  async function answerOf(pool: ProcessPool<ProbeTask, ProbeReply>, task: ProbeTask, timeLimitMs = 20_000) {
    const outcome = await pool.run(task, timeLimitMs);
    return outcome.settled ? outcome.reply : outcome.reason;
  }
  const pidOf = async (pool: ProcessPool<ProbeTask, ProbeReply>, task: ProbeTask = { kind: 'echo' }) => {
    const reply = await answerOf(pool, task);
    return typeof reply === 'object' && 'pid' in reply ? reply.pid : reply;
  };

  it('runs tasks in processes of their own, never in the caller', async () => {
    const pid = await pidOf(poolWith());
    expect(typeof pid).toBe('number');
    expect(pid).not.toBe(process.pid);
  });

  it('keeps a process for the next task, and replaces it after its quota of tasks', async () => {
    const pool = poolWith();
    const pids = [];
    for (let index = 0; index < 4; index += 1) pids.push(await pidOf(pool));
    expect(new Set(pids.slice(0, 3)).size).toBe(1);
    expect(pids[3]).not.toBe(pids[0]);
  });

  it('runs each task in a fresh process, started ahead, when a process takes one task', async () => {
    const pool = poolWith({ maxTasksPerProcess: 1, maxIdle: 1, spares: 1 });
    const pids = [await pidOf(pool), await pidOf(pool), await pidOf(pool)];
    expect(new Set(pids).size).toBe(3);
  });

  it('stops a process past its time limit and never reuses it', async () => {
    const pool = poolWith();
    const first = await pidOf(pool);
    expect(await answerOf(pool, { kind: 'spin', ms: 5_000 }, 200)).toBe('time limit');
    expect(await pidOf(pool)).not.toBe(first);
  });

  it('counts the processor time a task spends, up to three times its limit on the clock', async () => {
    const pool = poolWith();
    // Waiting spends no processor time: past its limit on the clock, within three times it, it is answered.
    expect(await answerOf(pool, { kind: 'sleep', ms: 1_000 }, 700)).toEqual({ pid: expect.any(Number) });
    // Waiting longer than that is stopped all the same.
    expect(await answerOf(pool, { kind: 'sleep', ms: 5_000 }, 200)).toBe('time limit');
  });

  it('reports a process that died mid-task, and carries on with a new one', async () => {
    const pool = poolWith();
    expect(await answerOf(pool, { kind: 'exit' })).toBe('worker stopped');
    expect(typeof (await pidOf(pool))).toBe('number');
  });

  it('stops a process that outgrows its heap', async () => {
    expect(await answerOf(poolWith(), { kind: 'grow' })).toBe('memory limit');
  });

  it('refuses buffers past the memory limit inside the process, and the caller never holds them', async () => {
    const before = residentMb(process.pid) ?? 0;
    const reply = await answerOf(poolWith(), { kind: 'buffers' });
    // The kernel refused the allocation (RLIMIT_DATA) or the watchdog killed the process at its ceiling.
    if (typeof reply === 'string') expect(reply).toBe('memory limit');
    else expect(reply).toMatchObject({ refused: expect.stringMatching(/allocation failed/i) as unknown });
    if (typeof reply === 'object' && 'allocatedMb' in reply)
      expect(reply.allocatedMb).toBeLessThanOrEqual(256);
    expect((residentMb(process.pid) ?? 0) - before).toBeLessThan(64);
  });

  it('kills a process whose resident memory passes its limit, where the kernel does not refuse first', async () => {
    const before = residentMb(process.pid) ?? 0;
    expect(await answerOf(poolWith({ kernelLimit: false }), { kind: 'buffers' })).toBe('memory limit');
    expect((residentMb(process.pid) ?? 0) - before).toBeLessThan(64);
  });

  it('refuses tasks once closed', async () => {
    const pool = poolWith();
    await pool.close();
    await expect(pool.run({ kind: 'echo' }, 1_000)).rejects.toThrow('closed');
  });
});
