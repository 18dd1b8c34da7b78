import { serviceNameIn } from '@meterline/contract/service-names';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { useToast } from '../../../shared/hooks/use-toast';
import { paths } from '../../../shared/lib/paths';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateService } from '../api/create-service';
import { emptyServiceValues, ServiceForm } from '../components/service-form';

/** A new service, metered by default, placed after the others. */
export function ServiceCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const createService = useCreateService();

  return (
    <>
      <PageHeader
        title={t('services.createTitle')}
        backTo={paths.services}
        breadcrumbs={[{ label: t('services.title'), to: paths.services }, { label: t('services.createTitle') }]}
      />
      <ServiceForm
        defaultValues={emptyServiceValues}
        submitLabel={t('services.actions.submitCreate')}
        cancelTo={paths.services}
        save={(values) => createService.mutateAsync(values)}
        onSaved={(service) => {
          showToast(t('services.messages.created', { name: serviceNameIn(service, i18n.language) }), { variant: 'success' });
          void navigate(generatePath(paths.serviceEdit, { serviceId: String(service.id) }));
        }}
      />
    </>
  );
}
