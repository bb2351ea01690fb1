import { QueueFullError, SerialQueues } from './serial-queue';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('SerialQueues', () => {
  it('runs the work of one key one at a time, in order, and of other keys alongside', async () => {
    const queues = new SerialQueues(10);
    const events: string[] = [];
    const first = gate();
    const a1 = queues.run('a', async () => {
      events.push('a1 start');
      await first.opened;
      events.push('a1 end');
    });
    const a2 = queues.run('a', () => {
      events.push('a2');
      return Promise.resolve();
    });
    const b1 = queues.run('b', () => {
      events.push('b1');
      return Promise.resolve();
    });
    await b1;
    expect(events).toEqual(['a1 start', 'b1']);
    first.open();
    await Promise.all([a1, a2]);
    expect(events).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
    expect(queues.size).toBe(0);
  });

  it('refuses beyond the length of a line and the number of lines, and goes on after a failure', async () => {
    const queues = new SerialQueues(2, 2);
    const held = gate();
    const running = [queues.run('a', () => held.opened), queues.run('a', () => held.opened)];
    await expect(queues.run('a', () => Promise.resolve())).rejects.toBeInstanceOf(QueueFullError);
    const other = queues.run('b', () => held.opened);
    await expect(queues.run('c', () => Promise.resolve())).rejects.toBeInstanceOf(QueueFullError);
    held.open();
    await Promise.all([...running, other]);
    await expect(queues.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queues.run('a', () => Promise.resolve(7))).toBe(7);
    expect(queues.size).toBe(0);
  });
});
