import { type TemplateDefinition } from '@esign/shared';
import { Alert, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PdfViewer } from '../../../pdf/PdfViewer';
import { type PdfSource } from '../../../pdf/pdfSource';
import { type StepProps } from '../stepProps';
import { type TemplateValues } from '../templateValues';
import { useDocumentPreview } from '../useDocumentPreview';
import { useTemplatePreview } from '../useTemplatePreview';

const PREVIEW_PAGE_WIDTH = 640;

interface PagedPreviewProps {
  source: PdfSource;
  pageCount: number;
}

/** The viewer, its page kept within a document that may have grown shorter since. */
function PagedPreview({ source, pageCount }: PagedPreviewProps) {
  const [page, setPage] = useState(1);
  const [counted, setCounted] = useState<{ source: PdfSource; count: number } | null>(null);
  // pdf.js's own count wins over the server's header once the document is open.
  const count = counted?.source === source ? counted.count : pageCount;
  return (
    <PdfViewer
      source={source}
      page={Math.min(page, count)}
      pageCount={count}
      onPageChange={setPage}
      onPageCount={(value) => setCounted({ source, count: value })}
      maxPageWidth={PREVIEW_PAGE_WIDTH}
    />
  );
}

function PreviewStatus({
  updating,
  failed,
  pageCount,
}: {
  updating: boolean;
  failed: boolean;
  pageCount?: number;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', minHeight: 24 }}>
      {updating && <CircularProgress size={16} aria-hidden />}
      <Typography variant="body2" color={failed && !updating ? 'warning.main' : 'text.secondary'}>
        {updating
          ? translate('app.signature_wizard.details.preview_updating')
          : failed
            ? translate('app.signature_wizard.details.preview_failed')
            : pageCount !== undefined
              ? translate('app.signature_wizard.details.preview_pages', { smart_count: pageCount })
              : ''}
      </Typography>
    </Stack>
  );
}

/** The template as printed from the answers so far, following the member's typing. */
function LivePreview({ definition, values }: { definition: TemplateDefinition; values: TemplateValues }) {
  const translate = useTranslate();
  const { preview, updating, failed } = useTemplatePreview(definition, values);
  return (
    <>
      <PreviewStatus updating={updating} failed={failed} pageCount={preview?.pageCount} />
      {preview ? (
        <PagedPreview source={preview.source} pageCount={preview.pageCount} />
      ) : (
        !updating && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">
              {translate('app.signature_wizard.details.preview_unavailable')}
            </Typography>
          </Paper>
        )
      )}
    </>
  );
}

/** The request's own document, kept while the form is left empty (editing a request). */
function KeptDocument({ state, dispatch }: StepProps) {
  const translate = useTranslate();
  const failed = useDocumentPreview(state.document, dispatch);
  const document = state.document;
  if (!document) return null;
  if (failed) return <Alert severity="warning">{translate('app.pdf.load_failed')}</Alert>;
  if (!document.preview) return <PreviewStatus updating failed={false} />;
  return <PagedPreview source={document.preview} pageCount={document.pageCount} />;
}

interface TemplatePreviewPanelProps extends StepProps {
  definition: TemplateDefinition;
  values: TemplateValues;
  /** The current document stands for the form (nothing typed since it was made): it is shown as is. */
  showKeptDocument: boolean;
}

export function TemplatePreviewPanel({
  showKeptDocument,
  definition,
  values,
  ...props
}: TemplatePreviewPanelProps) {
  const translate = useTranslate();
  const title = translate('app.signature_wizard.details.preview_title');
  return (
    <Stack component="section" aria-label={title} spacing={1}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {showKeptDocument ? (
        <KeptDocument {...props} />
      ) : (
        <LivePreview definition={definition} values={values} />
      )}
    </Stack>
  );
}
