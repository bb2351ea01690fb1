import { ErrorCode } from '@esign/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useRequireAccess, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { type AppDataProvider } from '../../providers/dataProvider';
import { errorMessageKey } from '../../common/apiErrors';
import { downloadFileName } from './downloadFileName';
import { saveBlob } from './saveBlob';
import { PageLoading } from '../../common/PageLoading';

type DownloadState =
  { status: 'preparing' } | { status: 'started'; fileName: string } | { status: 'failed'; reason: string };

function useSignedDocumentDownload(id: string, enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DownloadState>({ status: 'preparing' });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const download = async () => {
      setState({ status: 'preparing' });
      try {
        const found = await dataProvider.getSignatureDownload(id);
        // The address authorises the download by itself, like the upload addresses: no session token.
        const response = await fetch(found.documentUrl, { signal: controller.signal });
        if (!response.ok) throw new Error(`The document answered ${response.status}`);
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        const fileName = downloadFileName(found.documentName, found.signatureTitle);
        saveBlob(blob, fileName);
        setState({ status: 'started', fileName });
      } catch (error) {
        if (controller.signal.aborted) return;
        // The toast says what failed; the page says why, when the API told.
        setState({
          status: 'failed',
          reason: errorMessageKey(error, 'app.signature_download.failed', [ErrorCode.DOCUMENT_NOT_READY]),
        });
        notify('app.signatures.notifications.download_failed', { type: 'error' });
      }
    };
    void download();
    return () => controller.abort();
  }, [dataProvider, notify, id, enabled, attempt]);

  return { state, retry: () => setAttempt((current) => current + 1) };
}

/** `/signatures/{id}/download`: fetches the signed document and starts its download at once. */
export function SignatureDownloadPage() {
  const translate = useTranslate();
  const { id = '' } = useParams<'id'>();
  const { isPending } = useRequireAccess({ resource: 'signatures', action: 'show' });
  const { state, retry } = useSignedDocumentDownload(id, !isPending);
  if (isPending) return <PageLoading />;

  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="app.signature_download.title" />
      <Card>
        <CardContent>
          <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
            {state.status === 'preparing' && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <CircularProgress size={24} aria-hidden />
                <Typography>{translate('app.signature_download.preparing')}</Typography>
              </Stack>
            )}
            {state.status === 'started' && (
              <Typography>{translate('app.signature_download.started', { name: state.fileName })}</Typography>
            )}
            {state.status === 'failed' && <Alert severity="error">{translate(state.reason)}</Alert>}
          </Box>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {state.status !== 'preparing' && (
              <Button variant="contained" onClick={retry}>
                {translate('app.signature_download.retry')}
              </Button>
            )}
            <Button
              component={Link}
              to={`/signatures/${encodeURIComponent(id)}`}
              startIcon={<ArrowBackIcon />}
            >
              {translate('app.signature_download.back')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
