import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DirectionIcon } from '../direction-icon';

/** Big previous/next buttons for one thumb, with "1–25 of 300". Icons follow the reading direction. */
export function CardPager({
  text,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  text: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <IconButton aria-label={t('dataTable.previousPage')} disabled={!hasPrevious} onClick={onPrevious} sx={{ width: 48, height: 48 }}>
        <DirectionIcon towards="back" />
      </IconButton>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {text}
      </Typography>
      <IconButton aria-label={t('dataTable.nextPage')} disabled={!hasNext} onClick={onNext} sx={{ width: 48, height: 48 }}>
        <DirectionIcon towards="forward" />
      </IconButton>
    </Stack>
  );
}
