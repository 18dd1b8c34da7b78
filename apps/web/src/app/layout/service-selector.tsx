import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { serviceNameIn } from '@meterline/contract/service-names';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedService } from '../../shared/hooks/use-selected-service';

/** Needs `select service`; disabled when only one service exists; choosing one keeps the screen when that service has it. */
export function ServiceSelector() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const { service, services, isLoading, isError, canSelectService, selectService } = useSelectedService();
  if (!canSelectService) return null;
  if (isLoading)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('services.loading')}
      </Typography>
    );
  if (isError)
    return (
      <Typography variant="body2" color="error" role="alert">
        {t('services.failed')}
      </Typography>
    );
  if (services.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('services.empty')}
      </Typography>
    );
  return (
    <FormControl size="small" variant="outlined" sx={{ minWidth: { xs: 120, sm: 180 } }}>
      <InputLabel id={labelId}>{t('services.label')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('services.label')}
        variant="outlined"
        value={service?.id ?? ''}
        disabled={services.length <= 1}
        onChange={(event) => selectService(Number(event.target.value))}
      >
        {services.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            <bdi>{serviceNameIn(option, i18n.language)}</bdi>
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
