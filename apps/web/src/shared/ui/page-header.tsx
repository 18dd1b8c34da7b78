import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DirectionIcon } from './direction-icon';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * A screen's title with breadcrumbs, a back button and its actions. On phones the actions go
 * under the title, full width, so nothing overflows 390 px.
 */
export function PageHeader({
  title,
  subtitle,
  breadcrumbs,
  backTo,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  breadcrumbs?: Crumb[];
  backTo?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs aria-label={t('forms.breadcrumbs')} sx={{ fontSize: 14 }}>
          {breadcrumbs.map((crumb, index) =>
            crumb.to && index < breadcrumbs.length - 1 ? (
              <Link key={index} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
                {crumb.label}
              </Link>
            ) : (
              <Typography
                key={index}
                color="text.primary"
                sx={{ fontSize: 'inherit' }}
                aria-current={index === breadcrumbs.length - 1 ? 'page' : undefined}
              >
                {crumb.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
          {backTo && (
            <IconButton component={RouterLink} to={backTo} aria-label={t('common.back')} edge="start">
              <DirectionIcon towards="back" shape="arrow" />
            </IconButton>
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.5rem', sm: '2rem' } }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography component="div" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {subtitle}
              </Typography>
            )}
          </Box>
        </Stack>
        {actions && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' }, '& > .MuiButton-root': { flexGrow: { xs: 1, sm: 0 } } }}
          >
            {actions}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
