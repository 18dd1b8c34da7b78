import DirectionsWalkOutlined from '@mui/icons-material/DirectionsWalkOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

/** Where "Next door" leads: `?next=` when it is a screen of the round (never another site or screen). */
export function nextDoorOf(params: URLSearchParams): string | null {
  const next = params.get('next');
  return next && /^\/round\/\d+(\?[\w=&%-]*)?$/.test(next) ? next : null;
}

/**
 * On the door screen opened from the round's "Save and next" (docs/collectors.md): the way on to
 * the next door of the building, the primary button once the cash is taken or nothing is due.
 */
export function NextDoorButton({ isPrimary }: { isPrimary: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = nextDoorOf(params);
  if (!next) return null;
  return (
    <Button
      component={RouterLink}
      to={next}
      variant={isPrimary ? 'contained' : 'outlined'}
      size="large"
      fullWidth
      startIcon={<DirectionsWalkOutlined />}
      sx={{ minHeight: 56, fontSize: '1.05rem' }}
    >
      {t('collect.nextDoor')}
    </Button>
  );
}
