import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { PAGE_TRANSITION_SECONDS } from '../lib/constants';

const enter = keyframes`
  from { opacity: 0; transform: scale(0.96); }
  to { opacity: 1; transform: scale(1); }
`;

/** Fade with a slight scale, 0.4 s (docs/product/specification.md section 2); skipped for people who asked for less motion. */
export function PageTransition({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        animation: `${enter} ${PAGE_TRANSITION_SECONDS}s ease-out both`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
