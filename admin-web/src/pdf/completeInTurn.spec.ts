import { ErrorCode } from '@esign/shared';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { completeInTurn } from './completeInTurn';

const refusal = (status: number, code: ErrorCode, retryAfter?: number) =>
  new HttpError('refused', status, { code, ...(retryAfter === undefined ? {} : { retryAfter }) });

describe('completeInTurn', () => {
  it('completes again as told while the server says the check waits its turn', async () => {
    const answers = [
      refusal(429, ErrorCode.TOO_MANY_REQUESTS, 1),
      refusal(503, ErrorCode.SERVICE_UNAVAILABLE, 1),
    ];
    let calls = 0;
    const stored = await completeInTurn(() => {
      calls += 1;
      const next = answers.shift();
      return next ? Promise.reject(next) : Promise.resolve('stored');
    }, new AbortController().signal);
    expect(stored).toBe('stored');
    expect(calls).toBe(3);
  });

  it('gives up at once on a refusal of the file, or a wait the server does not name', async () => {
    const refused = refusal(422, ErrorCode.INVALID_PDF);
    await expect(completeInTurn(() => Promise.reject(refused), new AbortController().signal)).rejects.toBe(
      refused,
    );
    const unnamed = refusal(503, ErrorCode.SERVICE_UNAVAILABLE);
    await expect(completeInTurn(() => Promise.reject(unnamed), new AbortController().signal)).rejects.toBe(
      unnamed,
    );
  });

  it('stops waiting when the member leaves', async () => {
    const controller = new AbortController();
    const waiting = completeInTurn(
      () => Promise.reject(refusal(429, ErrorCode.TOO_MANY_REQUESTS, 60_000)),
      controller.signal,
    );
    controller.abort();
    await expect(waiting).rejects.toThrow();
  });
});
