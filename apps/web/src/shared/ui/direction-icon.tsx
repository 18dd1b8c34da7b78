import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTheme } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/**
 * An arrow that means a direction in reading order (docs/web.md, "Digits"): `forward` (next, open) points right
 * in English and left in Arabic, `back` the other way. The icon is swapped, not flipped, and says
 * what it means in `data-towards`, which the Arabic journey (e2e/arabic-digits.spec.ts) checks.
 */
export function DirectionIcon({
  towards,
  shape = 'chevron',
  ...props
}: { towards: 'forward' | 'back'; shape?: 'chevron' | 'arrow' } & SvgIconProps) {
  const isRtl = useTheme().direction === 'rtl';
  const pointsRight = (towards === 'forward') !== isRtl;
  const Icon = shape === 'arrow' ? (pointsRight ? ArrowForward : ArrowBack) : pointsRight ? ChevronRight : ChevronLeft;
  return <Icon data-towards={towards} {...props} />;
}
