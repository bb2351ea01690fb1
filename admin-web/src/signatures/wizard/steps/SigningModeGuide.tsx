import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The signature-type guide: what SIMPLE and ADVANCED mean, and what neither of them is; QUALIFIED
 * too when the platform offers it.
 */
export function SigningModeGuide({ qualified = false }: { qualified?: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const t = (key: string) => translate(`app.signature_wizard.guide.${key}`);
  return (
    <>
      <Button startIcon={<HelpOutlineIcon />} onClick={() => setOpen(true)}>
        {translate('app.signature_wizard.options.guide')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('title')}</DialogTitle>
        <DialogContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('simple_title')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('simple_body')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('simple_use')}
          </Typography>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('advanced_title')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('advanced_body')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('advanced_use')}
          </Typography>
          {qualified && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('qualified_title')}
              </Typography>
              <Typography sx={{ mb: 1 }}>{t('qualified_body')}</Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('qualified_use')}
              </Typography>
            </>
          )}
          <Typography variant="body2">{t('legal')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            {t('close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
