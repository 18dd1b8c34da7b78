import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/lib/session';
import { useImageUrl } from '../../shared/ui/auth-image';

/**
 * The client's own logo and company name when it has uploaded one (settings), the Meterline mark
 * otherwise (and for the platform's superadmin). The text hides on phones to leave room for the selectors.
 */
export function Logo({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const tenant = useSession().user?.tenant;
  // The logo is served with the user's token only (docs/security.md): the mark shows while it loads.
  const logoUrl = useImageUrl(tenant?.logo);
  if (tenant && logoUrl) {
    const name = tenant.company_name || tenant.name;
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Box
          component="img"
          src={logoUrl}
          alt={isCompact ? name : ''}
          sx={{ height: 32, maxWidth: { xs: 72, sm: 120 }, objectFit: 'contain', flexShrink: 0 }}
        />
        {!isCompact && (
          <Typography component="span" noWrap sx={{ fontWeight: 700, fontSize: 17, color: 'text.primary', maxWidth: 220 }}>
            {name}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 32, height: 32, flexShrink: 0, color: 'primary.main' }}>
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
