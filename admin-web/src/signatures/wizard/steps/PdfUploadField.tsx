import { ErrorCode, intlLocale } from '@esign/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatFileSize, pdfFileProblem, titleFromFileName } from '../../../pdf/pdfFile';
import { type AppDataProvider } from '../../../providers/dataProvider';
import { asLocale } from '../../../providers/locale';
import { apiErrorCode, errorMessageKey, storageQuotaOf } from '../../../common/apiErrors';
import { completeInTurn } from '../../../pdf/completeInTurn';
import { wizardFieldId } from '../fieldIds';
import { type WizardDocument } from '../wizardState';

const PDF_ERRORS = [
  ErrorCode.NOT_A_PDF,
  ErrorCode.INVALID_PDF,
  ErrorCode.PDF_ENCRYPTED,
  ErrorCode.PDF_CHANGES_FORBIDDEN,
  ErrorCode.PDF_ALREADY_SIGNED,
  ErrorCode.PDF_TOO_MANY_PAGES,
  ErrorCode.FILE_TOO_LARGE,
  ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  ErrorCode.UPLOAD_URL_USED,
  ErrorCode.STORAGE_QUOTA_EXCEEDED,
];
const FAILED = 'app.signature_wizard.document.failed';
type Phase =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'checking' }
  | { phase: 'failed'; message: string; values?: Record<string, string> };

interface PdfUploadFieldProps {
  onReady: (document: WizardDocument, title: string) => void;
  /** A validation error of the step (no document yet). */
  error?: string;
}

function useUpload(onReady: PdfUploadFieldProps['onReady']) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [state, setState] = useState<Phase>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (file: File) => {
    const problem = pdfFileProblem(file);
    if (problem) {
      const size = formatFileSize(file.size, intlLocale(asLocale(locale)));
      setState({ phase: 'failed', message: `app.signature_wizard.document.${problem}`, values: { size } });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ phase: 'uploading', percent: 0 });
    try {
      const fileId = await dataProvider.uploadPdf(
        file,
        ({ loaded, total }) =>
          setState({ phase: 'uploading', percent: Math.round((loaded / (total || 1)) * 100) }),
        current.signal,
      );
      setState({ phase: 'checking' });
      const stored = await completeInTurn(() => dataProvider.completePdf(fileId), current.signal);
      const document: WizardDocument = {
        documentType: 'CUSTOM',
        documentId: stored.documentId,
        documentName: file.name,
        templateType: null,
        pageCount: stored.pdfPageCount,
        // A file the server had to mend is previewed as stored, so the member checks what will be signed.
        preview: stored.repairs.length > 0 ? null : { kind: 'blob', blob: file },
        removed: stored.removed,
        repairs: stored.repairs,
        stored: false,
        layout: null,
      };
      setState({ phase: 'idle' });
      onReady(document, titleFromFileName(file.name));
    } catch (error) {
      if (current.signal.aborted) return;
      setState(failure(error, intlLocale(asLocale(locale))));
      notify('app.signatures.notifications.document_failed', { type: 'error' });
    }
  };
  return { state, upload };
}

/** The message of a failed upload; a full storage quota says how much is used of how much. */
function failure(error: unknown, locale: string): Phase {
  if (apiErrorCode(error) === ErrorCode.STORAGE_QUOTA_EXCEEDED) {
    const quota = storageQuotaOf(error);
    if (!quota) return { phase: 'failed', message: FAILED };
    return {
      phase: 'failed',
      message: `errors.${ErrorCode.STORAGE_QUOTA_EXCEEDED}`,
      values: {
        used: formatFileSize(quota.usedBytes, locale),
        limit: formatFileSize(quota.limitBytes, locale),
      },
    };
  }
  return { phase: 'failed', message: errorMessageKey(error, FAILED, PDF_ERRORS) };
}

function UploadStatus({ state }: { state: Phase }) {
  const translate = useTranslate();
  if (state.phase === 'uploading') {
    // Announced by quarters: a screen reader reading every percent would drown everything else.
    const announced = Math.floor(state.percent / 25) * 25;
    return (
      <Box sx={{ mt: 2 }}>
        <LinearProgress
          variant="determinate"
          value={state.percent}
          aria-label={translate('app.signature_wizard.document.uploading', { percent: state.percent })}
        />
        <Typography role="status" sx={{ mt: 1 }}>
          {translate('app.signature_wizard.document.uploading', { percent: announced })}
        </Typography>
      </Box>
    );
  }
  if (state.phase === 'checking') {
    return (
      <Box sx={{ mt: 2 }}>
        <LinearProgress aria-label={translate('app.signature_wizard.document.checking')} />
        <Typography role="status" sx={{ mt: 1 }}>
          {translate('app.signature_wizard.document.checking')}
        </Typography>
      </Box>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        {translate(state.message, state.values)}
      </Alert>
    );
  }
  return null;
}

/** Choose or drop a PDF; it is checked here (type, 10 MB), uploaded with progress, then checked by the server. */
export function PdfUploadField({ onReady, error }: PdfUploadFieldProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const { state, upload } = useUpload(onReady);
  const busy = state.phase === 'uploading' || state.phase === 'checking';

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void upload(file);
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : error ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: dragging ? 'action.hover' : 'transparent',
          p: 4,
          textAlign: 'center',
        }}
      >
        <UploadFileIcon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography sx={{ mb: 1 }}>{translate('app.signature_wizard.document.drop_zone')}</Typography>
        <input
          ref={input}
          id={wizardFieldId('documentId')}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <Button
          variant="contained"
          disabled={busy}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          {translate('app.signature_wizard.document.choose_file')}
        </Button>
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.signature_wizard.document.limits')}
        </Typography>
        {error && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </Box>
      <UploadStatus state={state} />
    </Box>
  );
}
