import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useServices } from '../../../shared/api/get-services';
import { useConfig } from '../api/get-config';
import { AddressManager } from '../components/address-manager';
import { SettingsForm } from '../components/settings-form';

/** The tenant's settings (company, invoices, time zone, logo, each service's own), and its address lists. */
export function SettingsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const services = useServices({ isEnabled: true });
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Stack spacing={4}>
        <RecordState
          isPending={!config.data || !services.data}
          error={config.error ?? services.error}
          failedMessage={t('settings.failed')}
          rows={8}
          onRetry={() => {
            if (config.isError) void config.refetch();
            if (services.isError) void services.refetch();
          }}
        >
          {config.data && services.data && <SettingsForm key={config.data.id} config={config.data} services={services.data} />}
        </RecordState>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
              {t('settings.addresses.title')}
            </Typography>
            <Typography color="text.secondary">{t('settings.addresses.text')}</Typography>
          </Stack>
          <AddressManager />
        </Stack>
      </Stack>
    </>
  );
}
