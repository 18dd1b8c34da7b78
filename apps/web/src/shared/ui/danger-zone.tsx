import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where a record page keeps what cannot be undone (delete, deactivate): at the end of the page,
 * after everything else, never the first or most visible button.
 */
export function DangerZone({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={t('forms.dangerZone.title')}
      sx={{ p: { xs: 2, sm: 2.5 }, mt: 4, borderColor: 'error.light' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <div>
          <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
            {t('forms.dangerZone.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('forms.dangerZone.text')}
          </Typography>
        </div>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', flexShrink: 0 }}>
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
