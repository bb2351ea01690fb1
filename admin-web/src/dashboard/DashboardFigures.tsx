import { type DashboardView, type Locale, requestsInRate } from '@esign/shared';
import { Button, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCount, formatEuros, formatMonth } from '../common/formatting';
import { CompletionRateCard } from './CompletionRateCard';
import { PlatformOverview } from './PlatformOverview';
import { RequestsChart } from './RequestsChart';
import { StatCard } from './StatCard';

type Figure = [label: string, value: string];

function Figures({ figures }: { figures: Figure[] }) {
  return figures.map(([label, value]) => (
    <Grid key={label} size={{ xs: 12, sm: 6, md: 'grow' }}>
      <StatCard label={label} value={value} />
    </Grid>
  ));
}

/** The counters, the two months' costs, the chart and, for administrators, the platform overview. */
export function DashboardFigures({ view, locale }: { view: DashboardView; locale: Locale }) {
  const translate = useTranslate();
  const counters = view.counterSignatureRequest;
  const count = (value: number) => formatCount(value, locale);
  const costsOf = (month: string) =>
    translate('app.dashboard.costs_of', { month: formatMonth(month, locale) });
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.dashboard.by_status')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <CompletionRateCard
            rate={view.completionRate}
            requests={requestsInRate(counters)}
            locale={locale}
          />
        </Grid>
        <Figures
          figures={[
            [translate('app.dashboard.signed'), count(counters.SIGNED)],
            [translate('app.dashboard.in_progress'), count(counters.IN_PROGRESS)],
            [translate('app.dashboard.cancelled'), count(counters.CANCEL)],
            [translate('app.dashboard.declined'), count(counters.DECLINED)],
            [translate('app.dashboard.expired'), count(counters.EXPIRED)],
          ]}
        />
      </Grid>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.dashboard.by_type')}
      </Typography>
      <Grid container spacing={2}>
        <Figures
          figures={[
            [translate('app.dashboard.simple'), count(counters.SIMPLE)],
            [translate('app.dashboard.advanced'), count(counters.ADVANCED)],
            // Shown once there are any: a platform without a qualified provider has none to count.
            ...(counters.QUALIFIED > 0
              ? [[translate('app.dashboard.qualified'), count(counters.QUALIFIED)] as [string, string]]
              : []),
          ]}
        />
      </Grid>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.dashboard.by_month')}
      </Typography>
      <Grid container spacing={2}>
        <Figures
          figures={[
            [translate('app.dashboard.completed_this_month'), count(view.completedThisMonth)],
            [translate('app.dashboard.completed_last_month'), count(view.completedLastMonth)],
            ...(view.currentMonthCosts !== null && view.lastMonthCosts !== null
              ? [
                  [costsOf(view.currentMonth), formatEuros(view.currentMonthCosts, locale)] as [
                    string,
                    string,
                  ],
                  [costsOf(view.lastMonth), formatEuros(view.lastMonthCosts, locale)] as [string, string],
                ]
              : []),
          ]}
        />
      </Grid>
      {view.currentMonthCosts !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.dashboard.costs_excluding_vat')} ·{' '}
          <Button component={Link} to={`/billing?month=${view.currentMonth}`} size="small">
            {translate('app.dashboard.see_costs')}
          </Button>
        </Typography>
      )}
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={12}>
          <RequestsChart months={view.requestsPerMonth} locale={locale} />
        </Grid>
      </Grid>
      {view.overview && <PlatformOverview overview={view.overview} locale={locale} />}
    </>
  );
}
