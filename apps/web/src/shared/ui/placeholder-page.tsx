import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A screen that a later release fills: title plus "coming in a later release". */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{title}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <ConstructionOutlined aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography variant="h3" component="p" sx={{ mt: 2 }}>
          {t('pages.comingLater')}
        </Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary' }}>{t('pages.comingLaterHint')}</Typography>
      </Paper>
    </Stack>
  );
}
