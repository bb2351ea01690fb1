import { ErrorCode } from '@esign/shared';
import { apiErrorCode, retryAfterMs } from '../common/apiErrors';

/** The server's answers that mean "your check waits its turn": a member's checks in flight, a full queue. */
const WAIT_YOUR_TURN = [ErrorCode.TOO_MANY_REQUESTS, ErrorCode.SERVICE_UNAVAILABLE];
/** Completions tried while the server asks to wait: a few minutes of a busy queue, then the error shows. */
const MAX_COMPLETE_ATTEMPTS = 30;

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });
}

/**
 * Completes an upload, waiting as the server asks while its checks are busy: the file stays uploaded (the
 * server refuses before taking it), so a batch of files is checked a few at a time without the member
 * choosing them again.
 */
export async function completeInTurn<T>(complete: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await complete();
    } catch (error) {
      const wait = retryAfterMs(error);
      const code = apiErrorCode(error);
      const waiting = wait !== undefined && code !== undefined && WAIT_YOUR_TURN.includes(code);
      if (!waiting || signal.aborted || attempt >= MAX_COMPLETE_ATTEMPTS) throw error;
      await pause(wait, signal);
    }
  }
}
