import { type TemplateDefinition, type TemplateFormData, type TemplateType } from '@esign/shared';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { type PdfSource } from '../../pdf/pdfSource';
import { type AppDataProvider } from '../../providers/dataProvider';
import { retryAfterMs } from '../../common/apiErrors';
import { type TemplateValues, templateFormData } from './templateValues';

/** How long the member's typing must pause before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 800;
/** When a 429 names no wait. */
const RATE_LIMITED_RETRY_MS = 5_000;

export interface LivePreview {
  source: PdfSource;
  pageCount: number;
}

export interface TemplatePreviewState {
  /** The last preview that came back: kept on screen while a newer one is awaited or failed. */
  preview: LivePreview | null;
  /** A newer preview is being waited for (typing, debounce, request in flight, rate-limited retry). */
  updating: boolean;
  /** The latest attempt failed: what is shown may not reflect the latest answers. */
  failed: boolean;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The template as the server would print the answers so far, asked for once the member pauses. The server
 * renders leniently, so an unfinished form previews; an answer that cannot be read as a number yet is
 * simply left out here too. A reply overtaken by newer answers is aborted and never shown.
 */
export function useTemplatePreview(
  definition: TemplateDefinition | null,
  values: Readonly<TemplateValues>,
): TemplatePreviewState {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [shown, setShown] = useState<(LivePreview & { type: TemplateType }) | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  // Typing the same value back, or an edit that leaves the printed data unchanged, asks for nothing new.
  const formData = useMemo(
    () => (definition ? JSON.stringify(templateFormData(definition, values).data) : null),
    [definition, values],
  );
  const type = definition?.type ?? null;

  useEffect(() => {
    if (!type || formData === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const request = async (): Promise<void> => {
      try {
        const answer = await dataProvider.previewTemplatePdf(
          type,
          JSON.parse(formData) as TemplateFormData,
          controller.signal,
        );
        if (controller.signal.aborted) return;
        setShown({ type, source: { kind: 'blob', blob: answer.pdf }, pageCount: answer.pageCount });
        setFailed(false);
        setPending(false);
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        if (statusOf(error) === 429) {
          // Rate limited: wait as asked and try again, without alarming the member.
          timer = setTimeout(() => void request(), retryAfterMs(error) ?? RATE_LIMITED_RETRY_MS);
          return;
        }
        console.error('The template preview could not be updated', error);
        setFailed(true);
        setPending(false);
      }
    };
    setPending(true);
    timer = setTimeout(() => void request(), PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [dataProvider, type, formData]);

  // Another template's preview is not this one's, however recent.
  const preview = shown?.type === type ? { source: shown.source, pageCount: shown.pageCount } : null;
  return { preview, updating: pending, failed };
}
