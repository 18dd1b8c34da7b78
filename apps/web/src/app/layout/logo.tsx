import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The Meterline mark; the text hides on phones to leave room for the selectors. */
export function Logo({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden
        sx={{ width: 32, height: 32, flexShrink: 0, color: 'primary.main' }}
      >
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M18 4 8 18h7l-2 10 10-14h-7z" fill="#fff" />
      </Box>
      {!isCompact && (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: 20, letterSpacing: 0.2, color: 'text.primary' }}>
          {t('app.name')}
        </Typography>
      )}
    </Box>
  );
}
