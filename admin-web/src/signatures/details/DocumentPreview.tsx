import VisibilityIcon from '@mui/icons-material/Visibility';
import { type SignatureRequestView } from '@esign/shared';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { PdfViewer } from '../../pdf/PdfViewer';
import { type PdfSource } from '../../pdf/pdfSource';
import { type AppDataProvider } from '../../providers/dataProvider';

type Preview =
  | { status: 'closed' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; source: PdfSource };

/**
 * The document as it was sent for signature, page by page. Loaded when asked for: pdf.js and the file are
 * not worth fetching for every visit to the page. The signed copy is the download's business.
 */
export function DocumentPreview({ request }: { request: SignatureRequestView }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const headingId = useId();
  const [preview, setPreview] = useState<Preview>({ status: 'closed' });
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(request.pageCount);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const open = useCallback(async () => {
    setPreview({ status: 'loading' });
    try {
      const blob = await dataProvider.getPdfBytes(request.documentId);
      if (mounted.current) setPreview({ status: 'ready', source: { kind: 'blob', blob } });
    } catch (error) {
      console.error('The document preview could not be loaded', error);
      if (mounted.current) setPreview({ status: 'failed' });
    }
  }, [dataProvider, request.documentId]);

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {translate('app.signature_details.preview')}
        </Typography>
        {preview.status === 'closed' && (
          <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => void open()}>
            {translate('app.signature_details.preview_show', { smart_count: request.pageCount })}
          </Button>
        )}
        {preview.status === 'loading' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>{translate('app.pdf.loading')}</Typography>
          </Stack>
        )}
        {preview.status === 'failed' && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" onClick={() => void open()}>
                {translate('app.signature_details.retry')}
              </Button>
            }
          >
            {translate('app.signature_details.preview_failed')}
          </Alert>
        )}
        {preview.status === 'ready' && (
          <Box sx={{ minWidth: 0 }}>
            <PdfViewer
              source={preview.source}
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              onPageCount={setPageCount}
              fitHeight
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
