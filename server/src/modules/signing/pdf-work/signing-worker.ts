import { serveTasks } from '../../documents/pdf/child-channel';
import { signAsSignatory } from './advanced-sign-task';
import { sealDocument } from './seal-task';
import type { SigningTask, SigningTaskReply, SigningTaskResults, WorkerPkiDescriptor } from './signing-task';
import { workerPki } from './worker-pki';

/**
 * The signing process: loads the keys itself from the descriptor (once, on its first task), then runs the
 * tasks it is sent one at a time and answers each with one message. Nothing of a task (a signatory's key,
 * the parsed document) is kept for the next: only the configured material and fonts.
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

function answer(task: SigningTask, pki: WorkerPkiDescriptor): Promise<SigningTaskReply<SigningTask['kind']>> {
  return perform(task, pki).then(
    (result) => ({ ok: true, result }),
    (error: unknown) => ({
      ok: false,
      error: {
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      },
    }),
  );
}

serveTasks<{ pki: WorkerPkiDescriptor }, SigningTask, SigningTaskReply<SigningTask['kind']>>((task, setup) =>
  answer(task, setup.pki),
);
