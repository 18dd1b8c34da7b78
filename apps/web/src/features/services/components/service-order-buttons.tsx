import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { serviceNameIn } from '@meterline/contract/service-names';
import type { Service } from '@meterline/contract/services';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { useAllServices } from '../api/get-service-list';
import { movedOrder, useReorderServices } from '../api/reorder-services';

/**
 * "Move up" and "Move down" for one service: the whole order goes to the API at once. Off at
 * either end, while a move is saved, and when `isDisabled` (a filtered list hides neighbours).
 */
export function ServiceOrderButtons({ service, isDisabled = false }: { service: Service; isDisabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const all = useAllServices();
  const reorder = useReorderServices();
  const ids = (all.data ?? []).map((item) => item.id);
  const index = ids.indexOf(service.id);
  const name = serviceNameIn(service, i18n.language);
  const isBusy = reorder.isPending || !all.data;

  const move = (step: -1 | 1) => (event: React.MouseEvent) => {
    // Inside a grid row: the row would open the service.
    event.stopPropagation();
    reorder.mutate(movedOrder(ids, service.id, step), {
      onError: (error) => showToast(`${t('services.messages.reorderFailed')} ${errorMessageOf(error, t)}`, { variant: 'error' }),
    });
  };

  const button = (step: -1 | 1) => {
    const label = t(step < 0 ? 'services.actions.moveUp' : 'services.actions.moveDown', { name });
    const isOff = isDisabled || isBusy || index < 0 || (step < 0 ? index === 0 : index === ids.length - 1);
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" aria-label={label} disabled={isOff} onClick={move(step)}>
            {step < 0 ? <ArrowUpwardOutlined fontSize="small" /> : <ArrowDownwardOutlined fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    );
  };

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {button(-1)}
      {button(1)}
    </Stack>
  );
}
