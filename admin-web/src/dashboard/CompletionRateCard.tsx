import { type CompletionRateColour, type Locale, completionRateColour } from '@esign/shared';
import { Box, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatPercent } from '../billing/formatting';
import { StatCard } from './StatCard';

const PALETTE: Record<CompletionRateColour, 'success' | 'warning' | 'error'> = {
  green: 'success',
  orange: 'warning',
  red: 'error',
};

/** The rate in the spec's colour: green above 66, orange above 33, red otherwise. */
export function CompletionRateCard({ rate, locale }: { rate: number; locale: Locale }) {
  const translate = useTranslate();
  const colour = completionRateColour(rate);
  const palette = PALETTE[colour];
  return (
    // The colour rule is stated on the element too, so a check need not decode theme colours.
    <Box data-rate-colour={colour} sx={{ height: '100%' }}>
      <StatCard
        label={translate('app.dashboard.completion_rate')}
        value={formatPercent(rate, locale)}
        colour={`${palette}.main`}
        hint={
          <>
            <LinearProgress
              variant="determinate"
              value={rate}
              color={palette}
              sx={{ my: 1, height: 8, borderRadius: 4 }}
              aria-hidden
            />
            {translate('app.dashboard.completion_rate_hint')}
          </>
        }
      />
    </Box>
  );
}
