import { useEffect, useRef, useState } from 'react';
import { type VerificationReport, verifyDocument } from '../api/verify';
import { PageFrame } from '../components/PageFrame';
import { DropZone } from '../components/verify/DropZone';
import { VerificationResult } from '../components/verify/VerificationResult';
import { type VerifyErrorKey, fileProblem, verifyErrorKey } from '../components/verify/verification';
import { interpolate } from '../i18n/format';
import { useI18n } from '../i18n/I18nProvider';

type VerifyState =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'done'; fileName: string; report: VerificationReport }
  | { kind: 'error'; error: VerifyErrorKey };

/** `/sign/verify`: anyone checks a PDF signed on the platform. */
export function VerifyPage() {
  const { messages } = useI18n();
  const texts = messages.verify;
  const [state, setState] = useState<VerifyState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (state.kind === 'done') resultRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [state]);

  const check = async (file: File) => {
    const problem = fileProblem(file);
    if (problem) {
      setState({ kind: 'error', error: problem });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'checking', fileName: file.name });
    const outcome = await verifyDocument(file, current.signal).catch(() => null);
    if (!outcome || current.signal.aborted) return;
    setState(
      outcome.ok
        ? { kind: 'done', fileName: file.name, report: outcome.value }
        : { kind: 'error', error: verifyErrorKey(outcome.failure) },
    );
  };

  return (
    <PageFrame>
      <section className="card" aria-labelledby="verify-title">
        <h1 id="verify-title">{texts.title}</h1>
        <p>{texts.intro}</p>
        <DropZone
          onFile={(file) => void check(file)}
          disabled={state.kind === 'checking'}
          again={state.kind === 'done'}
        />
        <div aria-live="polite" className="verify-status">
          {state.kind === 'checking' && (
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>{interpolate(texts.checking, { name: state.fileName })}</span>
            </p>
          )}
        </div>
        {state.kind === 'error' && (
          <p className="callout callout--danger" role="alert">
            {texts[state.error]}
          </p>
        )}
      </section>
      <div ref={resultRef}>
        {state.kind === 'done' && <VerificationResult report={state.report} fileName={state.fileName} />}
      </div>
    </PageFrame>
  );
}
