import { Box, Card, CardContent, Typography } from '@mui/material';
import { type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LanguageSelect } from '../../layout/LanguageSelect';

interface AuthShellProps {
  /** Translation key of the page heading. */
  title: string;
  children: ReactNode;
  /** Long texts (the data-protection terms) read better in a wider card. */
  wide?: boolean;
}

/** The frame of the screens shown before a session exists: sign-in, password reset, challenges. */
export function AuthShell({ title, children, wide = false }: AuthShellProps) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: wide ? 720 : 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          {/* Wraps on a narrow phone: « Lëtzebuergesch » then fits whole, with its arrow, under the name. */}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              alignItems: 'center',
              mb: 3,
              gap: 2,
            }}
          >
            <Typography
              variant="subtitle1"
              component="p"
              color="primary"
              sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
            >
              {translate('app.name')}
            </Typography>
            <LanguageSelect />
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(title)}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
