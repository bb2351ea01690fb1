import { SIGNATORY_NAME_MAX, SIGNATORY_ROLE_MAX, normalizeMobile } from '@esign/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import { Avatar, Box, Button, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { moveButtonIdOf, signatoryFieldId } from '../fieldIds';
import { signatoryColour } from '../signatoryColours';
import { type SignatoryDraft } from '../signatoryList';
import { type SignatoryField } from '../wizardState';

interface SignatoryCardProps {
  signatory: SignatoryDraft;
  index: number;
  count: number;
  /** The document was generated from a template: a signatory who is no party says in what capacity. */
  generated: boolean;
  errors: Partial<Record<SignatoryField, string>>;
  onChange: (field: SignatoryField, value: string) => void;
  onBlur: (field: SignatoryField) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Takes the member to the form, where a party's name, e-mail and mobile are changed. */
  onEditForm: () => void;
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
  /** A party of the deed signs: it can be changed in the form, not left out. */
  removable: boolean;
};

function Actions({ signatoryKey, index, count, onMove, onRemove, removable }: ActionsProps) {
  const translate = useTranslate();
  const label = (key: string) => translate(`app.signature_wizard.signatories.${key}`, { number: index + 1 });
  return (
    <Stack direction="row" sx={{ ml: 'auto' }}>
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
      <Tooltip title={removable ? label('remove') : label('party_kept')}>
        <span>
          <IconButton aria-label={label('remove')} disabled={count === 1 || !removable} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/** A party of a generated document, as the form names it: changed in the form, where the document gets it. */
function PartyFields({
  signatory,
  errors,
  onEditForm,
}: Pick<SignatoryCardProps, 'signatory' | 'errors' | 'onEditForm'>) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.signature_wizard.signatories.${key}`);
  const field = (name: 'name' | 'email' | 'mobile') => ({
    id: signatoryFieldId(signatory.key, name),
    label: t(name),
    value: name === 'mobile' ? (normalizeMobile(signatory.mobile) ?? signatory.mobile) : signatory[name],
    slotProps: { input: { readOnly: true } },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
        <TextField {...field('name')} />
        <TextField {...field('email')} />
        <TextField {...field('mobile')} />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {t('party_from_form')}
        </Typography>
        <Button size="small" startIcon={<EditIcon />} onClick={onEditForm} sx={{ alignSelf: 'flex-start' }}>
          {t('party_edit')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** One signatory: name, e-mail and mobile, with its handle for dragging and buttons to move or remove it. */
export function SignatoryCard({
  signatory,
  index,
  count,
  generated,
  errors,
  onChange,
  onBlur,
  onEditForm,
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
      {/* On a phone the move and remove buttons go under the title rather than past the screen's edge. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
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
        <Typography
          id={`${signatory.key}-title`}
          variant="subtitle1"
          component="h3"
          sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {translate('app.signature_wizard.signatories.signatory', { number: index + 1 })}
          {signatory.party && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {signatory.role}
            </Typography>
          )}
        </Typography>
        <Actions
          signatoryKey={signatory.key}
          index={index}
          count={count}
          removable={!signatory.party}
          {...actions}
        />
      </Stack>
      {signatory.party ? (
        <PartyFields signatory={signatory} errors={errors} onEditForm={onEditForm} />
      ) : (
        <ExtraFields signatory={signatory} generated={generated} errors={errors} field={field} />
      )}
    </Paper>
  );
}

type FieldProps = (name: SignatoryField) => {
  id: string;
  label: string;
  value: string;
  required: boolean;
  error: boolean;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
};

/** A signatory the member types in: on a generated document, an extra who says in what capacity. */
function ExtraFields({
  signatory,
  generated,
  errors,
  field,
}: Pick<SignatoryCardProps, 'signatory' | 'generated' | 'errors'> & { field: FieldProps }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {generated && (
        <TextField
          {...field('role')}
          helperText={errors.role ?? translate('app.signature_wizard.signatories.role_hint')}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: SIGNATORY_ROLE_MAX } }}
          sx={{ maxWidth: { md: 'calc((100% - 32px) / 3)' } }}
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
        <TextField
          {...field('name')}
          helperText={errors.name}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: SIGNATORY_NAME_MAX } }}
        />
        <TextField {...field('email')} type="email" helperText={errors.email} autoComplete="off" />
        <TextField
          {...field('mobile')}
          type="tel"
          helperText={errors.mobile ?? <MobileHint mobile={signatory.mobile} />}
          autoComplete="off"
        />
      </Box>
    </Stack>
  );
}
