import { parentPort, threadId } from 'node:worker_threads';

/** A worker for the pool's tests: answers with its thread id, after a pause, or dies when told to. */
export type ProbeTask =
  { kind: 'echo' } | { kind: 'sleep'; ms: number } | { kind: 'exit' } | { kind: 'grow' };

parentPort?.on('message', (task: ProbeTask) => {
  switch (task.kind) {
    case 'echo':
      parentPort?.postMessage({ threadId });
      return;
    case 'sleep':
      setTimeout(() => parentPort?.postMessage({ threadId }), task.ms);
      return;
    case 'exit':
      process.exit(3);
      return;
    case 'grow': {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
    }
  }
});
