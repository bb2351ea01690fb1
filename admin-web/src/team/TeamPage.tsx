import {
  AGENCY_ROLES,
  LOCALES,
  type AgencyRole,
  type Locale,
  type StaffInput,
  type StaffMemberView,
} from '@esign/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Confirm, Title, useDataProvider, useNotify, useRequireAccess, useTranslate } from 'react-admin';
import { apiErrorCode, serverFieldErrors } from '../common/apiErrors';
import { MUTATION_OPTIONS } from '../common/mutations';
import { PageLoading } from '../common/PageLoading';
import { useApiResource } from '../common/useApiResource';
import { LOCALE_NAMES } from '../i18n';
import { type AppDataProvider } from '../providers/dataProvider';

type StaffAction = 'deactivate' | 'activate' | 'delete' | 'make_manager' | 'make_agent';

const EMPTY_INVITATION: StaffInput = { name: '', email: '', mobile: '', language: 'fr', role: 'AGENT' };

/** Tells the outcome of an action: done, or the API's explanation of its refusal. */
function useOutcome(): { done: (key: string) => void; failed: (error: unknown) => void } {
  const notify = useNotify();
  return {
    done: (key) => notify(`app.team.${key}`, { type: 'success' }),
    failed: (error) => {
      const code = apiErrorCode(error);
      notify(code ? `errors.${code}` : 'app.team.action_failed', { type: 'error' });
    },
  };
}

/** The invitation: name, e-mail, mobile, language and role; the person receives the welcome e-mail. */
function InviteCard({ onInvited }: { onInvited: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const outcome = useOutcome();
  const [input, setInput] = useState<StaffInput>(EMPTY_INVITATION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { mutate, isPending } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: () => dataProvider.inviteStaff(input),
    onSuccess: () => {
      setInput(EMPTY_INVITATION);
      setErrors({});
      outcome.done('invited_done');
      onInvited();
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      outcome.failed(error);
    },
  });
  const field = (name: 'name' | 'email' | 'mobile', type = 'text') => (
    <TextField
      label={translate(`app.team.${name}`)}
      type={type}
      value={input[name]}
      onChange={(event) => setInput({ ...input, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ? translate(errors[name]) : undefined}
      required
      fullWidth
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutate();
  };
  return (
    <Card component="section" aria-labelledby="team-invite-title">
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography id="team-invite-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.team.invite_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.team.invite_hint')}
        </Typography>
        <Stack spacing={2}>
          {field('name')}
          {field('email', 'email')}
          {field('mobile', 'tel')}
          <TextField
            select
            label={translate('app.team.language')}
            value={input.language}
            onChange={(event) => setInput({ ...input, language: event.target.value as Locale })}
            fullWidth
          >
            {LOCALES.map((locale) => (
              <MenuItem key={locale} value={locale}>
                {LOCALE_NAMES[locale]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('app.team.role')}
            value={input.role}
            onChange={(event) => setInput({ ...input, role: event.target.value as AgencyRole })}
            helperText={translate(`app.team.role_hint.${input.role}`)}
            fullWidth
          >
            {AGENCY_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {translate(`app.team.roles.${role}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button type="submit" variant="contained" disabled={isPending}>
              {translate('app.team.invite')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One person: their role and status, and what a manager may do about them, each confirmed first. */
function PersonCard({ person, onChanged }: { person: StaffMemberView; onChanged: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const outcome = useOutcome();
  const [pending, setPending] = useState<StaffAction | null>(null);
  const run = (action: StaffAction): Promise<unknown> => {
    switch (action) {
      case 'deactivate':
        return dataProvider.setStaffAccess(person.id, false);
      case 'activate':
        return dataProvider.setStaffAccess(person.id, true);
      case 'delete':
        return dataProvider.deleteStaff(person.id);
      case 'make_manager':
        return dataProvider.setStaffRole(person.id, 'MANAGER');
      case 'make_agent':
        return dataProvider.setStaffRole(person.id, 'AGENT');
    }
  };
  const { mutate, isPending } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: run,
    onSuccess: (_answer, action) => {
      outcome.done(`done.${action}`);
      onChanged();
    },
    onError: outcome.failed,
    onSettled: () => setPending(null),
  });
  const actions: StaffAction[] = [
    person.role === 'AGENT' ? 'make_manager' : 'make_agent',
    ...(person.isDisabled ? (['activate', 'delete'] as const) : (['deactivate'] as const)),
  ];
  const titleId = `team-person-${person.id}`;
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {person.name}
          </Typography>
          <Chip size="small" label={translate(`app.team.roles.${person.role}`)} />
          {person.isDisabled && (
            <Chip size="small" color="warning" label={translate('app.team.deactivated')} />
          )}
          {!person.gdprApprovedAt && (
            <Chip size="small" variant="outlined" label={translate('app.team.invited')} />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {person.email}
          {person.mobile ? ` · ${person.mobile}` : ''}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) => (
          <Button
            key={action}
            size="small"
            color={action === 'deactivate' || action === 'delete' ? 'error' : 'primary'}
            disabled={isPending}
            onClick={() => setPending(action)}
          >
            {translate(`app.team.actions.${action}`)}
          </Button>
        ))}
      </CardActions>
      <Confirm
        isOpen={pending !== null}
        loading={isPending}
        title={`app.team.confirm.${pending ?? 'deactivate'}`}
        content="app.team.confirm.content"
        translateOptions={{ name: person.name }}
        confirm="app.account_actions.confirm"
        cancel="app.account_actions.cancel"
        confirmColor={pending === 'deactivate' || pending === 'delete' ? 'warning' : 'primary'}
        onConfirm={() => pending && mutate(pending)}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}

/** `/team`: the agency's people, for its managers: invite, change roles, deactivate, reactivate, delete. */
export function TeamPage() {
  const { isPending } = useRequireAccess({ resource: 'team', action: 'list' });
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { state, reload } = useApiResource(() => dataProvider.getStaff(), ['agency-staff']);
  if (isPending) return <PageLoading />;
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', py: 2 }}>
      <Title title="app.team.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.team.title')}
      </Typography>
      <Stack spacing={3}>
        <section aria-labelledby="team-people-title">
          <Typography id="team-people-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('app.team.people')}
          </Typography>
          {state.status === 'loading' && <PageLoading />}
          {state.status === 'failed' && <Alert severity="error">{translate('app.team.load_error')}</Alert>}
          {state.status === 'loaded' && (
            <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
              {state.value.map((person) => (
                <PersonCard key={person.id} person={person} onChanged={reload} />
              ))}
            </Stack>
          )}
        </section>
        <InviteCard onInvited={reload} />
      </Stack>
    </Box>
  );
}
