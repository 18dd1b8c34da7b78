import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useServices } from '../../../shared/api/get-services';
import { useConfig } from '../api/get-config';
import { useCan } from '../../../shared/lib/can';
import { AddressManager } from '../components/address-manager';
import { SettingsForm } from '../components/settings-form';

/** The channels' and texts' forms download after the page shows: they sit at its end (docs/performance.md). */
const MessagesSettings = lazy(() => import('../components/messages-settings').then((module) => ({ default: module.MessagesSettings })));

/** The tenant's settings (company, invoices, time zone, logo, each service's own), its address lists and its messages. */
export function SettingsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const services = useServices({ isEnabled: true });
  const canSetMessages = useCan('update', 'settings');
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
        {canSetMessages && (
          <Suspense fallback={null}>
            <MessagesSettings />
          </Suspense>
        )}
      </Stack>
    </>
  );
}
