import { type UserView } from '@esign/shared';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Loading, useNavigate, useTranslate } from 'react-admin';
import { MUTATION_OPTIONS } from '../../common/mutations';
import { AFTER_SIGN_IN_PATH, SIGN_IN_PATH, needsConsent } from '../../providers/authProvider';
import { httpClient } from '../../providers/httpClient';
import { forgetVerifiedUser, verifiedUser } from '../../providers/session';
import { AuthShell } from '../auth/AuthShell';

const TERMS_KEYS = ['intro', 'eidas', 'law', 'gdpr', 'purpose', 'rights'] as const;

/**
 * `/init/gdpr` and `/challenges/gdpr`: a member's first visit asks for consent to the
 * data-protection terms and confirmation that the mobile number (used for signing codes) is theirs.
 */
export function ConsentPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [user, setUser] = useState<UserView | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [mobileConfirmed, setMobileConfirmed] = useState(false);
  const {
    mutate: agree,
    isPending,
    isSuccess,
    isError: failed,
  } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: () => httpClient('/api/users/me/gdpr', { method: 'POST', body: JSON.stringify({}) }),
    onSuccess: () => {
      forgetVerifiedUser();
      // A fresh page load drops every answer cached while the API was still refusing this user.
      window.location.replace(AFTER_SIGN_IN_PATH);
    },
  });
  // Consented, the page is being reloaded: the button stays disabled until it is gone.
  const submitting = isPending || isSuccess;

  useEffect(() => {
    let cancelled = false;
    verifiedUser().then(
      (found) => {
        if (cancelled) return;
        // Those who consented already, or need not, have nothing to do here.
        if (!needsConsent(found)) navigate(AFTER_SIGN_IN_PATH, { replace: true });
        else setUser(found);
      },
      () => {
        if (!cancelled) navigate(SIGN_IN_PATH, { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  if (!user) return <Loading />;

  return (
    <AuthShell title="app.consent.title" wide>
      <Box
        component="section"
        aria-labelledby="consent-terms-title"
        sx={{ maxHeight: 320, overflowY: 'auto', pr: 1, mb: 2 }}
        tabIndex={0}
      >
        <Typography id="consent-terms-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('app.consent.terms_title')}
        </Typography>
        {TERMS_KEYS.map((key) => (
          <Typography key={key} variant="body2" sx={{ mt: 1 }}>
            {translate(`app.consent.terms.${key}`)}
          </Typography>
        ))}
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('app.errors.system')}
        </Alert>
      )}
      <Typography variant="body2">{translate('app.consent.mobile_label')}</Typography>
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        {user.mobile ?? translate('app.consent.no_mobile')}
      </Typography>
      <Stack>
        <FormControlLabel
          control={
            <Checkbox
              checked={mobileConfirmed}
              onChange={(event) => setMobileConfirmed(event.target.checked)}
            />
          }
          label={translate('app.consent.confirm_mobile')}
        />
        <FormControlLabel
          control={
            <Checkbox checked={termsAccepted} onChange={(event) => setTermsAccepted(event.target.checked)} />
          }
          label={translate('app.consent.accept_terms')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          disabled={!termsAccepted || !mobileConfirmed || submitting}
          onClick={() => agree()}
        >
          {translate('app.consent.agree')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => navigate('/logout')}>
          {translate('app.consent.disagree')}
        </Button>
      </Stack>
    </AuthShell>
  );
}
