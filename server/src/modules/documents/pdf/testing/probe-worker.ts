import { existsSync } from 'node:fs';
import { serveTasks } from '../child-channel';

/**
 * A PDF process for the tests of the pool and the queue: answers with its process id, after a pause, after
 * keeping the processor busy, or once a file exists, dies when told to, or grows its heap or its buffers
 * (outside the heap) until stopped.
 */
export type ProbeTask =
  | { kind: 'echo' }
  | { kind: 'sleep'; ms: number }
  | { kind: 'spin'; ms: number }
  | { kind: 'await-file'; path: string }
  | { kind: 'exit' }
  | { kind: 'grow' }
  | { kind: 'buffers' };

export type ProbeReply = { pid: number } | { refused: string; allocatedMb: number };

const MIB = 1024 * 1024;

/** Buffers written through (so their pages are resident), held until the process's limits stop it. */
function hoardBuffers(): ProbeReply {
  const hoard: Buffer[] = [];
  try {
    for (;;) hoard.push(Buffer.alloc(32 * MIB, hoard.length + 1));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { refused: message, allocatedMb: hoard.length * 32 };
  }
}

function answer(task: ProbeTask): Promise<ProbeReply> {
  const reply: ProbeReply = { pid: process.pid };
  switch (task.kind) {
    case 'echo':
      return Promise.resolve(reply);
    case 'sleep':
      return new Promise((resolve) => setTimeout(() => resolve(reply), task.ms));
    case 'spin': {
      const until = performance.now() + task.ms;
      while (performance.now() < until);
      return Promise.resolve(reply);
    }
    case 'await-file':
      return new Promise((resolve) => {
        const poll = setInterval(() => {
          if (!existsSync(task.path)) return;
          clearInterval(poll);
          resolve(reply);
        }, 10);
      });
    case 'exit':
      return process.exit(3);
    case 'grow': {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
    }
    case 'buffers':
      return Promise.resolve(hoardBuffers());
  }
}

serveTasks<object, ProbeTask, ProbeReply>((task) => answer(task));
