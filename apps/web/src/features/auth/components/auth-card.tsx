import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../i18n/language-switch';
import { useSettings } from '../../../shared/lib/settings-store';
import { PageTransition } from '../../../shared/ui/page-transition';

/** The frame of the public sign-in pages: logo, one card, a language toggle for visitors. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { language } = useSettings();
  const otherLanguage = language === 'ar' ? 'en' : 'ar';
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `radial-gradient(circle at 15% 10%, ${theme.palette.primary.main}22, transparent 45%), radial-gradient(circle at 85% 90%, ${theme.palette.secondary.main}1f, transparent 40%)`,
      }}
    >
      <PageTransition>
        <Paper
          elevation={0}
          sx={{ width: '100%', maxWidth: 440, mx: 'auto', p: { xs: 3, sm: 5 }, border: '1px solid', borderColor: 'divider' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 36, height: 36, color: 'primary.main' }}>
                <rect width="32" height="32" rx="8" fill="currentColor" />
                <path d="M18 4 8 18h7l-2 10 10-14h-7z" fill="#fff" />
              </Box>
              <Typography component="span" sx={{ fontWeight: 800, fontSize: 22 }}>
                {t('app.name')}
              </Typography>
            </Box>
            <Button size="small" lang={otherLanguage} onClick={() => void switchLanguage(otherLanguage)}>
              {t(`language.${otherLanguage}`)}
            </Button>
          </Box>
          <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
            {title}
          </Typography>
          {subtitle && <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>{subtitle}</Typography>}
          {children}
        </Paper>
      </PageTransition>
    </Box>
  );
}
