import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A grid cell's text on up to two lines, centred (the grid's cells are one line and cut): a period, an address. */
export function WrappingCell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      <Typography
        variant="body2"
        sx={{
          whiteSpace: 'normal',
          lineHeight: 1.25,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {children}
      </Typography>
    </Box>
  );
}
