import Circle from '@mui/icons-material/Circle';
import Chip from '@mui/material/Chip';

export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/**
 * A status as a small outlined chip: the text in the body colour (MUI's orange and light blue
 * fail contrast as text or under white), the tone in the border and a dot, so it reads in the
 * sun, in dark mode and for colour-blind users (the word carries the meaning).
 */
export function StatusChip({ label, tone }: { label: string; tone: StatusTone }) {
  const color = tone === 'neutral' ? 'text.disabled' : `${tone}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      icon={<Circle aria-hidden sx={{ fontSize: '10px !important', color: `${color} !important` }} />}
      sx={{ borderColor: color, color: 'text.primary', fontWeight: 500 }}
    />
  );
}
