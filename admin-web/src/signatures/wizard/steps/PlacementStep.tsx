import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { intlLocale } from '@esign/shared';
import { PdfViewer } from '../../../pdf/PdfViewer';
import { asLocale } from '../../../providers/locale';
import { visuallyHidden } from '../../visuallyHidden';
import { sharingCorner } from '../signatoryList';
import { type StepProps } from '../stepProps';
import { useDocumentPreview } from '../useDocumentPreview';
import { useErrorText } from '../useErrorText';
import { PlacementOverlay } from './PlacementOverlay';
import { SignatoryPlacementRow } from './SignatoryPlacementRow';

function usePageSummary({ state }: Pick<StepProps, 'state'>, page: number): string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const listFormat = new Intl.ListFormat(intlLocale(asLocale(locale)), { type: 'conjunction' });
  const placed = state.signatories
    .map((signatory, index) => ({ signatory, index }))
    .filter(({ signatory }) => signatory.placement?.page === page)
    .map(({ signatory, index }) => {
      const position = signatory.placement
        ? translate(`app.signatures.position.${signatory.placement.position}`)
        : '';
      return `${index + 1}. ${signatory.name.trim() || translate('app.signature_wizard.signatories.unnamed')} (${position})`;
    });
  return placed.length > 0
    ? translate('app.signature_wizard.placement.page_summary', { list: listFormat.format(placed) })
    : translate('app.signature_wizard.placement.page_empty');
}

/** Step: for each signatory, the page and corner of their signature, shown on the rendered page. */
export function PlacementStep({ state, dispatch }: StepProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const previewFailed = useDocumentPreview(state.document, dispatch);
  const [page, setPage] = useState(() => state.signatories.find((s) => s.placement)?.placement?.page ?? 1);
  const [activeKey, setActiveKey] = useState(state.signatories[0]?.key ?? null);
  const [resetAnnounced, setResetAnnounced] = useState(false);
  const summary = usePageSummary({ state }, page);
  const document = state.document;
  if (!document) return null;
  const active = state.signatories.find((signatory) => signatory.key === activeKey);

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate('app.signature_wizard.placement.intro')}</Typography>
      <Box>
        <Button
          variant="outlined"
          startIcon={<RestartAltIcon />}
          onClick={() => {
            dispatch({ type: 'resetPlacements' });
            setResetAnnounced(true);
          }}
        >
          {translate('app.signature_wizard.placement.reset')}
        </Button>
        <Box role="status" sx={visuallyHidden}>
          {resetAnnounced ? translate('app.signature_wizard.placement.reset_done') : ''}
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(320px, 2fr) 3fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {state.signatories.map((signatory, index) => (
            <SignatoryPlacementRow
              key={signatory.key}
              signatory={signatory}
              index={index}
              pageCount={document.pageCount}
              currentPage={page}
              active={signatory.key === activeKey}
              error={errorText(
                state.errors[`signatories.${index}.placement`] ??
                  state.errors[`signatories.${index}.placement.page`],
              )}
              sharedWith={sharingCorner(state.signatories, signatory.key).map((other) => other.name)}
              onActivate={() => setActiveKey(signatory.key)}
              onPlace={(placement) => {
                setResetAnnounced(false);
                dispatch({ type: 'placeSignatory', key: signatory.key, placement });
                if (placement) setPage(placement.page);
              }}
            />
          ))}
        </Stack>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 } }}>
          {active && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('app.signature_wizard.placement.active', {
                name: `${state.signatories.indexOf(active) + 1}. ${active.name.trim() || translate('app.signature_wizard.signatories.unnamed')}`,
              })}
            </Typography>
          )}
          {previewFailed && <Alert severity="warning">{translate('app.pdf.load_failed')}</Alert>}
          {document.preview && (
            <PdfViewer
              source={document.preview}
              page={page}
              pageCount={document.pageCount}
              onPageChange={setPage}
              // Narrow enough for a whole A4 page, corners included, on a laptop screen.
              maxPageWidth={560}
              overlay={
                <PlacementOverlay
                  signatories={state.signatories}
                  page={page}
                  size={state.options.signatureSize}
                  onPlace={
                    active
                      ? (position) =>
                          dispatch({ type: 'placeSignatory', key: active.key, placement: { page, position } })
                      : undefined
                  }
                />
              }
            />
          )}
          <Typography variant="body2" aria-live="polite" sx={{ mt: 1 }}>
            {summary}
          </Typography>
        </Box>
      </Box>
    </Stack>
  );
}
