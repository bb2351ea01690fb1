import { parentPort, workerData } from 'node:worker_threads';
import { signAsSignatory } from './advanced-sign-task';
import { sealDocument } from './seal-task';
import type { SigningTask, SigningTaskReply, SigningTaskResults, WorkerPkiDescriptor } from './signing-task';
import { workerPki } from './worker-pki';

/**
 * The signing worker thread: loads the keys itself from the descriptor (once, on its first task), then
 * runs the tasks it is sent one at a time and answers each with one message. Nothing of a task (a
 * signatory's key, the parsed document) is kept for the next: only the configured material and fonts.
 */
async function perform(
  task: SigningTask,
  pki: WorkerPkiDescriptor,
): Promise<SigningTaskResults[SigningTask['kind']]> {
  const material = await workerPki(pki);
  switch (task.kind) {
    case 'advanced-sign':
      return signAsSignatory(task, material);
    case 'seal':
      return sealDocument(task, material);
  }
}

/** A buffer of its own, so it can be transferred rather than copied back. */
function detached(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

function answer(task: SigningTask, pki: WorkerPkiDescriptor): Promise<void> {
  return perform(task, pki).then(
    (result) => {
      const pdf = detached(result.pdf);
      const reply: SigningTaskReply<SigningTask['kind']> = { ok: true, result: { ...result, pdf } };
      parentPort?.postMessage(reply, [pdf.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: SigningTaskReply<SigningTask['kind']> = {
        ok: false,
        error: {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        },
      };
      parentPort?.postMessage(reply);
    },
  );
}

const { pki } = workerData as { pki: WorkerPkiDescriptor };
parentPort?.on('message', (task: SigningTask) => void answer(task, pki));
