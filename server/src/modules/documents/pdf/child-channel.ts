/** What the parent sends a PDF process: its setup once, first, then tasks one at a time. */
export type ParentMessage<Setup, Task> = { setup: Setup } | { task: Task };

/**
 * The process side of a PDF process: waits for its setup, then answers each task with one message. The
 * process ignores the terminal's Ctrl-C (sent to the whole process group): the API decides when it stops,
 * after a graceful shutdown has let running tasks finish, and it exits as soon as the API is gone.
 */
export function serveTasks<Setup, Task, Reply>(answer: (task: Task, setup: Setup) => Promise<Reply>): void {
  let setup: Setup | undefined;
  process.on('SIGINT', () => undefined);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ParentMessage<Setup, Task>) => {
    if ('setup' in message) {
      setup = message.setup;
      process.send?.({ ready: true });
      return;
    }
    if (setup === undefined) throw new Error('a task arrived before the setup');
    void answer(message.task, setup).then((reply) => process.send?.(reply));
  });
}
