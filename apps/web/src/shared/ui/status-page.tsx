import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Shared frame of the 404, 403, 500 and "coming soon" pages. */
export function StatusPage({
  code,
  title,
  text,
  actionLabel,
  actionTo,
  illustration,
}: {
  code?: string;
  title: string;
  text: string;
  actionLabel: string;
  actionTo: string;
  illustration?: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default', textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 520 }}>
        {illustration}
        {code && (
          <Typography
            aria-hidden
            sx={{ fontSize: { xs: 72, sm: 112 }, fontWeight: 800, lineHeight: 1, color: 'primary.main', opacity: 0.85 }}
          >
            <bdi dir="ltr">{code}</bdi>
          </Typography>
        )}
        <Typography variant="h1" sx={{ mt: 2 }}>
          {title}
        </Typography>
        <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{text}</Typography>
        <Button component={RouterLink} to={actionTo} variant="contained" size="large" sx={{ mt: 4 }}>
          {actionLabel}
        </Button>
      </Box>
    </Box>
  );
}
