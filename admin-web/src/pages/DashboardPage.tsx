import { intlLocale } from '@esign/shared';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { asLocale } from '../providers/locale';

/** `/dashboard`: greets the user; counters and costs come with the dashboard endpoint. */
export function DashboardPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { identity } = useGetIdentity();
  const today = new Intl.DateTimeFormat(intlLocale(asLocale(locale)), { dateStyle: 'full' }).format(
    new Date(),
  );

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
        </CardContent>
      </Card>
    </Box>
  );
}
