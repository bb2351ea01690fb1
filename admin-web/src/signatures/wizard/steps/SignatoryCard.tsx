import { normalizeMobile } from '@esign/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Avatar, Box, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { moveButtonIdOf, signatoryFieldId } from '../fieldIds';
import { signatoryColour } from '../signatoryColours';
import { type SignatoryDraft } from '../signatoryList';
import { type SignatoryField } from '../wizardState';

interface SignatoryCardProps {
  signatory: SignatoryDraft;
  index: number;
  count: number;
  errors: Partial<Record<SignatoryField, string>>;
  onChange: (field: SignatoryField, value: string) => void;
  onBlur: (field: SignatoryField) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function MobileHint({ mobile }: { mobile: string }) {
  const translate = useTranslate();
  const normalised = mobile.trim() ? normalizeMobile(mobile) : null;
  return normalised
    ? translate('app.signature_wizard.signatories.mobile_hint', { number: normalised })
    : translate('app.signature_wizard.signatories.mobile_default');
}

type ActionsProps = Pick<SignatoryCardProps, 'index' | 'count' | 'onMove' | 'onRemove'> & {
  signatoryKey: string;
};

function Actions({ signatoryKey, index, count, onMove, onRemove }: ActionsProps) {
  const translate = useTranslate();
  const label = (key: string) => translate(`app.signature_wizard.signatories.${key}`, { number: index + 1 });
  return (
    <Stack direction="row">
      <Tooltip title={label('move_up')}>
        <span>
          <IconButton
            id={moveButtonIdOf(signatoryKey, 'up')}
            aria-label={label('move_up')}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUpwardIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={label('move_down')}>
        <span>
          <IconButton
            id={moveButtonIdOf(signatoryKey, 'down')}
            aria-label={label('move_down')}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownwardIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={label('remove')}>
        <span>
          <IconButton aria-label={label('remove')} disabled={count === 1} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/** One signatory: name, e-mail and mobile, with its handle for dragging and buttons to move or remove it. */
export function SignatoryCard({
  signatory,
  index,
  count,
  errors,
  onChange,
  onBlur,
  ...actions
}: SignatoryCardProps) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: signatory.key,
      attributes: { roleDescription: translate('app.signature_wizard.signatories.drag_role') },
    });
  const field = (name: SignatoryField) => ({
    id: signatoryFieldId(signatory.key, name),
    label: translate(`app.signature_wizard.signatories.${name}`),
    value: signatory[name],
    required: true,
    error: Boolean(errors[name]),
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    onBlur: () => onBlur(name),
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      aria-labelledby={`${signatory.key}-title`}
      sx={{
        listStyle: 'none',
        p: 2,
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        boxShadow: isDragging ? 6 : 'none',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={translate('app.signature_wizard.signatories.drag_handle', { number: index + 1 })}
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon />
        </IconButton>
        <Avatar aria-hidden sx={{ bgcolor: signatoryColour(index), width: 32, height: 32, fontSize: 16 }}>
          {index + 1}
        </Avatar>
        <Typography id={`${signatory.key}-title`} variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {translate('app.signature_wizard.signatories.signatory', { number: index + 1 })}
        </Typography>
        <Actions signatoryKey={signatory.key} index={index} count={count} {...actions} />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
        <TextField
          {...field('name')}
          helperText={errors.name}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextField {...field('email')} type="email" helperText={errors.email} autoComplete="off" />
        <TextField
          {...field('mobile')}
          type="tel"
          helperText={errors.mobile ?? <MobileHint mobile={signatory.mobile} />}
          autoComplete="off"
        />
      </Box>
    </Paper>
  );
}
