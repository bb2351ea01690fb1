import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { GENERATED_PAGE_SIZE, intlLocale } from '@esign/shared';
import { PdfViewer } from '../../../pdf/PdfViewer';
import { asLocale } from '../../../providers/locale';
import { visuallyHidden } from '../../visuallyHidden';
import { sharingCorner } from '../signatoryList';
import { type StepProps } from '../stepProps';
import { type WizardState } from '../wizardState';
import { useDocumentPreview } from '../useDocumentPreview';
import { useErrorText } from '../useErrorText';
import { type FrameMarker, PlacementOverlay } from './PlacementOverlay';
import { SignatoryPlacementRow } from './SignatoryPlacementRow';

/** The parties' frames printed on `page` of a generated document, as the overlay draws them. */
function framesOn(state: WizardState, page: number): FrameMarker[] {
  const frames = state.document?.layout?.frames ?? [];
  const { width, height } = GENERATED_PAGE_SIZE;
  return state.signatories.flatMap((signatory, index) => {
    const frame = frames.find((candidate) => candidate.party === signatory.party && candidate.page === page);
    if (!frame) return [];
    return [
      {
        key: signatory.key,
        index,
        name: signatory.name,
        left: (frame.rect.x / width) * 100,
        bottom: (frame.rect.y / height) * 100,
        width: (frame.rect.width / width) * 100,
        height: (frame.rect.height / height) * 100,
      },
    ];
  });
}

function usePageSummary({ state }: Pick<StepProps, 'state'>, page: number): string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const listFormat = new Intl.ListFormat(intlLocale(asLocale(locale)), { type: 'conjunction' });
  const framed = framesOn(state, page).map(
    (frame) => `${frame.index + 1}. ${frame.name} (${translate('app.signature_wizard.placement.in_frame')})`,
  );
  const placed = state.signatories
    .map((signatory, index) => ({ signatory, index }))
    .filter(({ signatory }) => signatory.placement?.page === page)
    .map(({ signatory, index }) => {
      const position = signatory.placement
        ? translate(`app.signatures.position.${signatory.placement.position}`)
        : '';
      return `${index + 1}. ${signatory.name.trim() || translate('app.signature_wizard.signatories.unnamed')} (${position})`;
    })
    .concat(framed);
  return placed.length > 0
    ? translate('app.signature_wizard.placement.page_summary', { list: listFormat.format(placed) })
    : translate('app.signature_wizard.placement.page_empty');
}

/** Step: for each signatory, the page and corner of their signature, shown on the rendered page. */
export function PlacementStep({ state, dispatch }: StepProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const previewFailed = useDocumentPreview(state.document, dispatch);
  // A party of a generated document signs in its frame: only the others are placed here.
  const placeable = state.signatories
    .map((signatory, index) => ({ signatory, index }))
    .filter(({ signatory }) => !signatory.party);
  const parties = state.signatories.filter((signatory) => signatory.party);
  const [page, setPage] = useState(
    () =>
      state.signatories.find((s) => s.placement)?.placement?.page ??
      state.document?.layout?.frames[0]?.page ??
      1,
  );
  const [activeKey, setActiveKey] = useState(placeable[0]?.signatory.key ?? null);
  const [resetAnnounced, setResetAnnounced] = useState(false);
  const summary = usePageSummary({ state }, page);
  const document = state.document;
  if (!document) return null;
  const active = state.signatories.find((signatory) => signatory.key === activeKey);

  return (
    <Stack spacing={2}>
      {parties.length > 0 && (
        <Alert severity="info">
          {translate(
            placeable.length > 0
              ? 'app.signature_wizard.placement.parties_framed'
              : 'app.signature_wizard.placement.parties_only',
          )}
        </Alert>
      )}
      {placeable.length > 0 && (
        <Typography color="text.secondary">{translate('app.signature_wizard.placement.intro')}</Typography>
      )}
      <Box sx={{ display: placeable.length > 0 ? 'block' : 'none' }}>
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
          gridTemplateColumns: { xs: '1fr', lg: placeable.length > 0 ? 'minmax(320px, 2fr) 3fr' : '1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Stack
          component="ol"
          spacing={1.5}
          sx={{ p: 0, m: 0, display: placeable.length > 0 ? 'flex' : 'none' }}
        >
          {placeable.map(({ signatory, index }) => (
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
              // A whole page, its corners included, on a laptop screen at 100 %.
              maxPageWidth={560}
              fitHeight
              overlay={
                <PlacementOverlay
                  signatories={state.signatories}
                  frames={framesOn(state, page)}
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
