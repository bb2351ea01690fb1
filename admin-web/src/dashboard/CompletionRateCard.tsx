import { type CompletionRateColour, type Locale, completionRateColour } from '@esign/shared';
import { Box, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatPercent } from '../common/formatting';
import { StatCard } from './StatCard';

const PALETTE: Record<CompletionRateColour, 'success' | 'warning' | 'error'> = {
  green: 'success',
  orange: 'warning',
  red: 'error',
};

/**
 * The rate in its colour: green above 66, orange above 33, red otherwise. With no request at all the
 * API's rate is 0, yet nothing has failed: the card then shows « — » and says there is no request yet, in
 * the neutral text colour, instead of a red 0 %.
 */
export function CompletionRateCard({
  rate,
  requests,
  locale,
}: {
  rate: number;
  requests: number;
  locale: Locale;
}) {
  const translate = useTranslate();
  if (requests === 0)
    return (
      <Box data-rate-colour="none" sx={{ height: '100%' }}>
        <StatCard
          label={translate('app.dashboard.completion_rate')}
          value="—"
          hint={translate('app.dashboard.no_requests')}
        />
      </Box>
    );
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
