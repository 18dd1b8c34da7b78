import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormSkeleton, LoadFailed } from '../../../shared/ui/load-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useConfig } from '../api/get-config';
import { AddressManager } from '../components/address-manager';
import { SettingsForm } from '../components/settings-form';

/** The tenant's settings (company, invoices, time zone, logo) and its address lists. */
export function SettingsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Stack spacing={4}>
        {config.isError ? (
          <LoadFailed message={t('settings.failed')} onRetry={() => void config.refetch()} />
        ) : !config.data ? (
          <FormSkeleton rows={8} />
        ) : (
          <SettingsForm key={config.data.id} config={config.data} />
        )}
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
