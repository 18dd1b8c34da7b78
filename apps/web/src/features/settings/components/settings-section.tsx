import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One titled part of the settings form. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 2.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Fields of a section: one column on phones, two from `md`. */
export const grid = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;
