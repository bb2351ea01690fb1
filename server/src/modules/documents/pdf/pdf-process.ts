import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { WORKER_BOOTSTRAP, type ProcessLimits, type WorkerOutcome } from './worker-bootstrap';

/** How often a running task's resident memory and processor time are read. */
const WATCH_INTERVAL_MS = 20;
/**
 * The task's limit counts the processor time its process spends, so that a file is refused for the work it
 * makes, not for how busy the host is; a process kept off the processor (niced, on a loaded host) is still
 * stopped once this many times its limit has passed on the clock.
 */
const WALL_CLOCK_FACTOR = 3;
/** The kernel's clock ticks per second (`getconf CLK_TCK`), in which /proc counts processor time. */
const CLOCK_TICKS_PER_SECOND = 100;
/**
 * How long a process may take to load its modules before its task's own time starts: the time limit is the
 * file's, and no file changes how long a start takes (on a busy host, or with the tests' TypeScript, seconds).
 */
const START_LIMIT_MS = 60_000;
/** V8's words when a heap limit stops a process (its fatal error, before the native stack). */
const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit/;
const MIB = 1024 * 1024;
/**
 * What a PDF process inherits of the API's environment: how to run and reach the network, never the API's
 * secrets (database, links, codes, key passwords). Keys reach the signing processes as file locations.
 */
const INHERITED = [
  'PATH',
  'NODE_ENV',
  'TZ',
  'LANG',
  'LC_ALL',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];

let prlimitFound: boolean | undefined;

/** util-linux's `prlimit` (Linux): it sets the kernel's data limit on the process it then becomes. */
function hasPrlimit(): boolean {
  prlimitFound ??= spawnSync('prlimit', ['--version'], { stdio: 'ignore' }).status === 0;
  return prlimitFound;
}

function environment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    INHERITED.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
}

/** The process's first message, `{ ready: true }`: its modules are loaded and its setup taken. */
function isReady(message: unknown): boolean {
  return typeof message === 'object' && message !== null && 'ready' in message;
}

/** The resident memory of a process in MiB, from /proc; undefined where there is none. */
export function residentMb(pid: number): number | undefined {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/** The processor time (user and system) `pid` has spent, in milliseconds; undefined once it has gone. */
export function processorMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are
    // the 14th and 15th fields of the line, the 12th and 13th after the name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** Node.js on the entry, with its heap limit, under the kernel's data limit where `prlimit` exists. */
function startProcess(entry: string, limits: ProcessLimits): ChildProcess {
  const node = [`--max-old-space-size=${limits.heapLimitMb}`, '-e', WORKER_BOOTSTRAP, entry];
  const [command, args] =
    limits.kernelLimit !== false && hasPrlimit()
      ? ['prlimit', [`--data=${limits.memoryLimitMb * MIB}`, '--', process.execPath, ...node]]
      : [process.execPath, node];
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    env: environment(),
  });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, limits.niceness);
    } catch {
      // Already gone: its task finds out.
    }
  }
  return child;
}

/**
 * One Node.js process doing PDF work, one task at a time: the API's memory never holds what the file
 * decodes to. Its limits are the process's own: the heap (V8), the data segment (the kernel refuses
 * allocations past it, so a decoded buffer fails inside the process as a RangeError), and its resident
 * memory, read every few milliseconds while a task runs: past the limit, or past its time, the process is
 * killed, and everything it held goes with it.
 */
export class PdfProcess<Task, Reply> {
  private readonly child: ChildProcess;
  private heapExhausted = false;
  private killedFor?: 'time limit' | 'memory limit';
  readonly exited: Promise<void>;
  /** True once the process has loaded its modules and taken its setup; false if it exited first. */
  private readonly ready: Promise<boolean>;

  constructor(
    entry: string,
    setup: object,
    private readonly limits: ProcessLimits,
  ) {
    this.child = startProcess(entry, limits);
    // A process that could not start reports an error and may never exit.
    this.exited = new Promise((resolve) =>
      this.child.once('close', () => resolve()).once('error', () => resolve()),
    );
    // Library warnings can quote the document: read only to tell a heap exhaustion, never kept or logged.
    this.child.stderr?.setEncoding('latin1').on('data', (chunk: string) => {
      this.heapExhausted ||= HEAP_EXHAUSTED.test(chunk);
    });
    this.ready = new Promise((resolve) => {
      const onReady = (message: unknown): void => {
        if (!isReady(message)) return;
        this.child.off('message', onReady);
        resolve(true);
      };
      this.child.on('message', onReady);
      void this.exited.then(() => resolve(false));
    });
    this.idle();
    // A process gone already is found out by its task.
    this.child.send({ setup }, () => undefined);
  }

  get alive(): boolean {
    return this.child.pid !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Stops the process (and everything it holds) at once. */
  kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    return this.exited;
  }

  /**
   * Runs one task, its time counted from when the process is ready; the process is unusable afterwards
   * unless the outcome is settled.
   */
  run(task: Task, timeLimitMs: number): Promise<WorkerOutcome<Reply>> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: WorkerOutcome<Reply>): void => {
        settled = true;
        clearTimeout(timer);
        clearInterval(watchdog);
        this.child.off('message', onMessage).off('close', onExit);
        resolve(outcome);
      };
      const stop = (reason: 'time limit' | 'memory limit'): void => {
        this.killedFor = reason;
        void this.kill();
        finish({ settled: false, reason });
      };
      const onMessage = (reply: Reply): void => {
        if (!isReady(reply)) finish({ settled: true, reply });
      };
      const onExit = (): void => finish({ settled: false, reason: this.exitReason() });
      let timer = setTimeout(() => void this.kill(), START_LIMIT_MS);
      // The processor time the process had spent when its task began (its start's own is not the file's).
      let spentBefore: number | undefined;
      void this.ready.then((ready) => {
        if (!ready || settled) return;
        clearTimeout(timer);
        spentBefore = this.child.pid === undefined ? undefined : processorMs(this.child.pid);
        timer = setTimeout(() => stop('time limit'), timeLimitMs * WALL_CLOCK_FACTOR);
      });
      const watchdog = setInterval(() => {
        const pid = this.child.pid;
        if (pid === undefined) return;
        const resident = residentMb(pid);
        if (resident !== undefined && resident > this.limits.memoryLimitMb) return stop('memory limit');
        const spent = spentBefore === undefined ? undefined : processorMs(pid);
        if (spent !== undefined && spentBefore !== undefined && spent - spentBefore > timeLimitMs) {
          stop('time limit');
        }
      }, WATCH_INTERVAL_MS);
      this.child.on('message', onMessage).once('close', onExit);
      // Timers keep the API waiting for the answer; the process itself never keeps it running.
      if (!this.alive) onExit();
      else this.child.send({ task }, (error) => error && onExit());
    });
  }

  private exitReason(): 'time limit' | 'memory limit' | 'worker stopped' {
    if (this.killedFor) return this.killedFor;
    return this.heapExhausted ? 'memory limit' : 'worker stopped';
  }

  /** The process never keeps the API running: a task's own timers do while it runs. */
  private idle(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | null | undefined)?.unref?.();
  }
}
