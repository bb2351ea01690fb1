import { type Locale, type MonthlyRequests } from '@esign/shared';
import { Card, CardContent, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMonth } from '../common/formatting';

/**
 * Requests created per month over the last 12 months, by type, stacked; drawn at once, unanimated. Qualified
 * requests have their bar once there are any.
 */
export function RequestsChart({ months, locale }: { months: MonthlyRequests[]; locale: Locale }) {
  const translate = useTranslate();
  const theme = useTheme();
  const data = months.map((m) => ({ ...m, label: formatMonth(m.month, locale, 'short') }));
  const anyQualified = months.some((m) => m.QUALIFIED > 0);
  const order = ['SIMPLE', 'ADVANCED', 'QUALIFIED'];
  return (
    <Card component="section" aria-label={translate('app.dashboard.chart_title')}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {translate('app.dashboard.chart_title')}
        </Typography>
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} tickFormatter={(value: number) => formatCount(value, locale)} />
            <Tooltip formatter={(value) => formatCount(Number(value), locale)} />
            {/* By type in every language: sorted by name, the order changed with the translation. */}
            <Legend itemSorter={(item) => order.indexOf(String(item.dataKey))} />
            <Bar
              dataKey="SIMPLE"
              stackId="requests"
              name={translate('app.dashboard.simple')}
              fill={theme.palette.primary.main}
              isAnimationActive={false}
            />
            <Bar
              dataKey="ADVANCED"
              stackId="requests"
              name={translate('app.dashboard.advanced')}
              fill={theme.palette.warning.main}
              isAnimationActive={false}
            />
            {anyQualified && (
              <Bar
                dataKey="QUALIFIED"
                stackId="requests"
                name={translate('app.dashboard.qualified')}
                fill={theme.palette.success.main}
                isAnimationActive={false}
              />
            )}
          </BarChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}
