import { type OutboxMessageView, intlLocale } from '@esign/shared';
import EmailIcon from '@mui/icons-material/Email';
import SmsIcon from '@mui/icons-material/Sms';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Loading, Title, useDataProvider, useLocaleState, useRequireAccess, useTranslate } from 'react-admin';
import { type AppDataProvider } from '../providers/dataProvider';
import { asLocale } from '../providers/locale';

/** The API refuses shorter searches, which would list everybody's messages. */
const RECIPIENT_MIN_LENGTH = 3;

type OutboxState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; messages: OutboxMessageView[] }
  | { status: 'disabled' }
  | { status: 'failed' };

function OutboxMessage({ message }: { message: OutboxMessageView }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const sentAt = message.sentAt
    ? new Intl.DateTimeFormat(intlLocale(asLocale(locale)), {
        dateStyle: 'medium',
        timeStyle: 'medium',
      }).format(new Date(message.sentAt))
    : translate('app.outbox.not_sent');
  const heading =
    message.channel === 'email' ? (message.subject ?? translate('app.outbox.no_subject')) : message.to;
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {message.channel === 'email' ? <EmailIcon aria-hidden /> : <SmsIcon aria-hidden />}
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {translate(`app.outbox.${message.channel}`)} · {heading}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {message.to} · {sentAt}
        </Typography>
        {/* Bodies are shown as text, never as HTML, so a message cannot run anything here. */}
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', mb: 0 }}>
          {message.body}
        </Box>
      </CardContent>
    </Card>
  );
}

/** `/dev/outbox`: what the embedded mailer and SMS sender would have delivered (admins only). */
export function DevOutboxPage() {
  const { isPending } = useRequireAccess({ resource: 'dev-outbox', action: 'list' });
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [recipient, setRecipient] = useState('');
  const [state, setState] = useState<OutboxState>({ status: 'idle' });
  const [recipientError, setRecipientError] = useState(false);

  if (isPending) return <Loading />;

  const load = async () => {
    setState({ status: 'loading' });
    try {
      const messages = await dataProvider.getDevOutbox(recipient);
      setState(messages === null ? { status: 'disabled' } : { status: 'loaded', messages });
    } catch {
      setState({ status: 'failed' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tooShort = recipient.trim().length < RECIPIENT_MIN_LENGTH;
    setRecipientError(tooShort);
    if (!tooShort) void load();
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Title title="app.outbox.title" />
      <Typography color="text.secondary">{translate('app.outbox.intro')}</Typography>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ my: 2 }}
        onSubmit={submit}
      >
        <TextField
          id="recipient"
          label={translate('app.outbox.recipient')}
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
          error={recipientError}
          helperText={recipientError ? translate('app.outbox.recipient_too_short') : undefined}
          required
          autoComplete="off"
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" disabled={state.status === 'loading'}>
          {translate(state.status === 'loaded' ? 'app.outbox.refresh' : 'app.outbox.show')}
        </Button>
      </Stack>
      <OutboxResults state={state} />
    </Box>
  );
}

function OutboxResults({ state }: { state: OutboxState }) {
  const translate = useTranslate();
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return <Loading />;
    case 'disabled':
      return <Alert severity="info">{translate('app.outbox.disabled')}</Alert>;
    case 'failed':
      return <Alert severity="error">{translate('app.outbox.load_error')}</Alert>;
    case 'loaded':
      return state.messages.length === 0 ? (
        <Alert severity="info">{translate('app.outbox.empty')}</Alert>
      ) : (
        <Stack component="ol" spacing={2} sx={{ p: 0 }} aria-live="polite">
          {state.messages.map((message, index) => (
            <OutboxMessage key={`${message.sentAt ?? 'pending'}-${index}`} message={message} />
          ))}
        </Stack>
      );
  }
}
