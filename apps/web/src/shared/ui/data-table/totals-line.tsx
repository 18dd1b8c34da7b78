import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The sums of the filtered rows under the list: "Totals of the 1,234 rows · Balance due $ 9,870.00". */
export function TotalsLine({ children, isBordered = false }: { children: ReactNode; isBordered?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('dataTable.totals')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
        alignItems: 'baseline',
        px: 2,
        py: 1.25,
        borderTop: isBordered ? 1 : 0,
        borderColor: 'divider',
        bgcolor: isBordered ? 'action.hover' : undefined,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('dataTable.totals')}
      </Typography>
      {children}
    </Box>
  );
}

/** One figure of the totals line: its name and its amount. */
export function TotalFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Typography component="span" variant="inherit" color="text.secondary">
        {label}
      </Typography>{' '}
      <Typography component="span" variant="inherit" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Typography>
  );
}
