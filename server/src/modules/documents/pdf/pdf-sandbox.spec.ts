import { Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../../common/app-exception';
import { manyPagesPdf, NOT_PDFS } from '@esign/pdf-signing/testing';
import { PdfSandbox } from './pdf-sandbox';

const FIXTURES = join(__dirname, '../../../../../fixtures/pdfs');
const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

async function refusal(promise: Promise<unknown>): Promise<ErrorCode> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppException)) throw new Error('Expected an AppException');
  return error.code;
}

describe('PdfSandbox (worker threads)', () => {
  const sandbox = new PdfSandbox();

  const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

  it('checks and normalises a file in a worker', async () => {
    const outcome = await sandbox.check(fixture('pdflatex-4-pages.pdf'));
    expect(outcome.pageCount).toBe(4);
    expect(Buffer.from(outcome.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers refusals as the shared error codes', async () => {
    expect(await refusal(sandbox.check(fixture('libreoffice-writer-password.pdf')))).toBe(
      ErrorCode.PDF_ENCRYPTED,
    );
    expect(await refusal(sandbox.check(NOT_PDFS.html ?? Buffer.alloc(0)))).toBe(ErrorCode.NOT_A_PDF);
  });

  it('runs several checks at once', async () => {
    const outcomes = await Promise.all(
      [
        'minimal-document.pdf',
        'google-doc-document.pdf',
        'libreoffice-form.pdf',
        'minimal-document.pdf',
        'pdflatex-4-pages.pdf',
      ].map((name) => sandbox.check(fixture(name))),
    );
    expect(outcomes.map((outcome) => outcome.pageCount)).toEqual([1, 1, 1, 1, 4]);
  });

  it('stops a worker at its deadline and refuses the file', async () => {
    const hurried = new PdfSandbox({ timeLimitMs: 1 });
    expect(await refusal(hurried.check(fixture('minimal-document.pdf')))).toBe(ErrorCode.INVALID_PDF);
    expect(warnings.mock.calls.at(-1)?.[0]).toEqual({ code: 'INVALID_PDF', reason: 'time limit' });
  });

  it('stops a worker that runs out of its heap and refuses the file', async () => {
    const cramped = new PdfSandbox({ heapLimitMb: 4 });
    expect(await refusal(cramped.check(manyPagesPdf(400)))).toBe(ErrorCode.INVALID_PDF);
    expect(warnings.mock.calls.at(-1)?.[0]).toEqual({ code: 'INVALID_PDF', reason: 'memory limit' });
  });
});
