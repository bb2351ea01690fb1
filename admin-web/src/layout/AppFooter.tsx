import { Box, Link, Typography } from '@mui/material';
import { ToolbarClasses, useLocaleState, useTranslate } from 'react-admin';
import { asLocale } from '../providers/locale';

/** Where reports go; a mail link keeps it usable without any tracker. */
const SUPPORT_ADDRESS = 'support@esign.lu';

/** Credits, the problem-report action and the user guide in the current language. */
export function AppFooter() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const subject = encodeURIComponent(translate('app.footer.report_bug_subject'));
  return (
    <Box
      component="footer"
      sx={{
        mt: 4,
        py: 2,
        px: 2,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        // On a phone a form's save bar is pinned over the screen's bottom edge: room under the links, so
        // scrolling to the end brings them above it.
        [`body:has(.${ToolbarClasses.mobileToolbar}) &`]: { pb: 12 },
      }}
    >
      <Typography variant="caption">{translate('app.footer.chamber')}</Typography>
      <Typography variant="caption">{translate('app.footer.trust_service')}</Typography>
      <Typography variant="caption">{translate('app.footer.developer')}</Typography>
      <Box sx={{ flexGrow: 1 }} />
      <Link variant="caption" href={`mailto:${SUPPORT_ADDRESS}?subject=${subject}`}>
        {translate('app.footer.report_bug')}
      </Link>
      <Link variant="caption" href={`/ug/user-guide_${asLocale(locale)}.pdf`} target="_blank" rel="noopener">
        {translate('app.footer.user_guide')}
      </Link>
    </Box>
  );
}
