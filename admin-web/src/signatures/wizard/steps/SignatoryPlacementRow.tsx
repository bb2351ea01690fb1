import { PLACEMENT_POSITIONS, type PlacementPosition, type SignaturePlacement } from '@esign/shared';
import {
  Avatar,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { signatoryFieldId } from '../fieldIds';
import { signatoryColour } from '../signatoryColours';
import { type SignatoryDraft } from '../signatoryList';

interface SignatoryPlacementRowProps {
  signatory: SignatoryDraft;
  index: number;
  pageCount: number;
  /** The page shown, used when a corner is chosen before a page. */
  currentPage: number;
  active: boolean;
  error?: string;
  sharedWith: string[];
  onActivate: () => void;
  onPlace: (placement: SignaturePlacement | null) => void;
}

/** One signatory's page and corner. */
export function SignatoryPlacementRow(props: SignatoryPlacementRowProps) {
  const { signatory, index, pageCount, currentPage, active, error, sharedWith, onActivate, onPlace } = props;
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.signature_wizard.placement.${key}`, options);
  const name = signatory.name.trim() || translate('app.signature_wizard.signatories.unnamed');
  const titleId = `${signatory.key}-placement-title`;
  const placement = signatory.placement;
  const position: PlacementPosition = placement?.position ?? 'bottom-right';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      onFocusCapture={onActivate}
      onClick={onActivate}
      sx={{
        listStyle: 'none',
        p: 2,
        borderColor: active ? 'primary.main' : error ? 'error.main' : undefined,
        borderWidth: active ? 2 : 1,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar aria-hidden sx={{ bgcolor: signatoryColour(index), width: 28, height: 28, fontSize: 14 }}>
          {index + 1}
        </Avatar>
        <Typography id={titleId} variant="subtitle2" component="h3">
          {index + 1}. {name}
        </Typography>
      </Stack>
      <Stack spacing={1}>
        <TextField
          id={signatoryFieldId(signatory.key, 'page')}
          select
          label={t('page')}
          value={placement ? String(placement.page) : ''}
          error={Boolean(error)}
          onChange={(event) => {
            const page = Number(event.target.value);
            onPlace(page ? { page, position } : null);
          }}
          fullWidth={false}
          sx={{ minWidth: 160, alignSelf: 'flex-start' }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('not_placed')}</option>
          {Array.from({ length: pageCount }, (_, page) => (
            <option key={page + 1} value={page + 1}>
              {page + 1}
            </option>
          ))}
        </TextField>
        <FormControl component="fieldset" error={Boolean(error)}>
          <FormLabel component="legend">{t('corner')}</FormLabel>
          {/* Two by two, like the corners of the page they stand for. */}
          <RadioGroup
            value={placement ? placement.position : ''}
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 1 }}
            onChange={(event) =>
              onPlace({
                page: placement?.page ?? currentPage,
                position: event.target.value as PlacementPosition,
              })
            }
          >
            {PLACEMENT_POSITIONS.map((corner) => (
              <FormControlLabel
                key={corner}
                value={corner}
                control={<Radio size="small" />}
                label={translate(`app.signatures.position.${corner}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {sharedWith.length > 0 && (
        <FormHelperText>{t('shared_corner', { names: sharedWith.join(', ') })}</FormHelperText>
      )}
    </Paper>
  );
}
