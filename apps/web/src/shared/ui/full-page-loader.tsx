import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** The full-page loading bar shown until the session is initialised (docs/product/specification.md section 4). */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <Box role="progressbar" aria-label={label} aria-busy="true" sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 2000 }}>
      <LinearProgress color="primary" aria-hidden />
    </Box>
  );
}
