import { Box, Button, Typography } from '@mui/material';
import { Link, Title, useTranslate } from 'react-admin';

interface ErrorPageProps {
  code: 403 | 404 | 500;
  /** Inside the application layout, whose top bar already holds the page's title and `main` landmark. */
  inLayout?: boolean;
}

const TEXTS = {
  403: { title: 'app.errors.forbidden_title', body: 'app.errors.forbidden' },
  404: { title: 'app.errors.not_found_title', body: 'app.errors.not_found' },
  500: { title: 'app.errors.system_title', body: 'app.errors.system' },
} as const;

/** `/error/404`, `/error/500`, and any unknown address inside the application. */
export function ErrorPage({ code, inLayout = false }: ErrorPageProps) {
  const translate = useTranslate();
  const { title, body } = TEXTS[code];
  return (
    <Box component={inLayout ? 'div' : 'main'} sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h2" component="p" color="primary" aria-hidden>
        {code}
      </Typography>
      {inLayout ? (
        <Title title={title} />
      ) : (
        <Typography variant="h4" component="h1" gutterBottom>
          {translate(title)}
        </Typography>
      )}
      <Typography sx={{ mb: 3 }}>{translate(body)}</Typography>
      <Button component={Link} to="/" variant="contained">
        {translate('app.errors.back_home')}
      </Button>
    </Box>
  );
}

export function NotFoundPage() {
  return <ErrorPage code={404} inLayout />;
}

/** A page this account's role does not offer (an administrator at `/signatures`, a member at `/users`). */
export function AccessDeniedPage() {
  return <ErrorPage code={403} inLayout />;
}
