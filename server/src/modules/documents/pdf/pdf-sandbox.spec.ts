import { Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../../common/app-exception';
import { manyPagesPdf, NOT_PDFS } from '@esign/pdf-signing/testing';
import { PdfSandbox } from './pdf-sandbox';

const FIXTURES = join(__dirname, '../../../../../fixtures/pdfs');
const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));
const MEMBER = 'member';

async function refusal(promise: Promise<unknown>): Promise<ErrorCode> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppException)) throw new Error('Expected an AppException');
  return error.code;
}

describe('PdfSandbox (PDF processes)', () => {
  const sandboxes: PdfSandbox[] = [];
  const sandboxWith = (options: ConstructorParameters<typeof PdfSandbox>[0] = {}) => {
    const made = new PdfSandbox(options);
    sandboxes.push(made);
    return made;
  };
  const sandbox = sandboxWith();
  afterAll(() => Promise.all(sandboxes.map((made) => made.onApplicationShutdown())));

  const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

  it('checks and normalises a file in a process of its own', async () => {
    const outcome = await sandbox.check(MEMBER, fixture('pdflatex-4-pages.pdf'));
    expect(outcome.pageCount).toBe(4);
    expect(Buffer.from(outcome.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers refusals as the shared error codes', async () => {
    expect(await refusal(sandbox.check(MEMBER, fixture('libreoffice-writer-password.pdf')))).toBe(
      ErrorCode.PDF_ENCRYPTED,
    );
    expect(await refusal(sandbox.check(MEMBER, NOT_PDFS.html ?? Buffer.alloc(0)))).toBe(ErrorCode.NOT_A_PDF);
  });

  it('runs several checks at once', async () => {
    const outcomes = await Promise.all(
      [
        'minimal-document.pdf',
        'google-doc-document.pdf',
        'libreoffice-form.pdf',
        'minimal-document.pdf',
        'pdflatex-4-pages.pdf',
      ].map((name, index) => sandbox.check(`member-${index}`, fixture(name))),
    );
    expect(outcomes.map((outcome) => outcome.pageCount)).toEqual([1, 1, 1, 1, 4]);
  });

  it('stops a process at its deadline and refuses the file', async () => {
    const hurried = sandboxWith({ timeLimitMs: 1 });
    expect(await refusal(hurried.check(MEMBER, fixture('minimal-document.pdf')))).toBe(ErrorCode.INVALID_PDF);
    expect(warnings.mock.calls.at(-1)?.[0]).toEqual({ code: 'INVALID_PDF', reason: 'time limit' });
  });

  it('stops a process that runs out of its heap and refuses the file', async () => {
    const cramped = sandboxWith({ heapLimitMb: 4 });
    expect(await refusal(cramped.check(MEMBER, manyPagesPdf(400)))).toBe(ErrorCode.INVALID_PDF);
    expect(warnings.mock.calls.at(-1)?.[0]).toEqual({ code: 'INVALID_PDF', reason: 'memory limit' });
  });
});
