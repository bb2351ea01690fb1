import { intlLocale } from '@esign/shared';
import { Alert, Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { Title, useDataProvider, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { useApiResource } from '../common/useApiResource';
import { DashboardFigures } from '../dashboard/DashboardFigures';
import { type AppDataProvider } from '../providers/dataProvider';
import { asLocale } from '../providers/locale';
import { PageLoading } from '../common/PageLoading';

/** `/dashboard`: the greeting, then the figures of `GET /api/dashboard` in the user's language. */
export function DashboardPage() {
  const translate = useTranslate();
  const [rawLocale] = useLocaleState();
  const locale = asLocale(rawLocale);
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { state } = useApiResource(() => dataProvider.getDashboard(), ['dashboard']);
  const today = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full' }).format(new Date());

  return (
    <Box sx={{ mt: 2, maxWidth: 1500 }}>
      <Title title="app.dashboard.title" />
      <Card>
        <CardContent>
          {identity?.fullName && (
            <Typography variant="h5" component="h2" gutterBottom>
              {translate('app.dashboard.greeting', { name: identity.fullName })}
            </Typography>
          )}
          <Typography color="text.secondary">{translate('app.dashboard.today', { date: today })}</Typography>
          {state.status === 'loaded' && state.value.scope === 'ALL' && (
            <Chip sx={{ mt: 1 }} size="small" label={translate('app.dashboard.scope_all')} />
          )}
        </CardContent>
      </Card>
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('app.dashboard.load_error')}
        </Alert>
      )}
      {state.status === 'loaded' && <DashboardFigures view={state.value} locale={locale} />}
    </Box>
  );
}
