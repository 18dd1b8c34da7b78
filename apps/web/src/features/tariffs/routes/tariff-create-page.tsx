import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { todayIn } from '../../../shared/lib/period';
import { useSession } from '../../../shared/lib/session';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateTariff } from '../api/create-tariff';
import { emptyTariffValues, TariffForm } from '../components/tariff-form';

/** A new tariff, from the current month by default (the tenant's calendar). */
export function TariffCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { service, serviceName } = useSelectedService();
  const { user } = useSession();
  const createTariff = useCreateTariff(service?.id ?? 0);
  const thisMonth = todayIn(user?.tenant?.timezone).slice(0, 7);

  return (
    <>
      <PageHeader
        title={t('tariffs.createTitle')}
        subtitle={serviceName}
        backTo={paths.tariffs}
        breadcrumbs={[{ label: t('tariffs.title'), to: paths.tariffs }, { label: t('tariffs.createTitle') }]}
      />
      {service && (
        <TariffForm
          serviceId={service.id}
          unit={service.unit}
          defaultValues={emptyTariffValues(thisMonth)}
          submitLabel={t('tariffs.actions.submitCreate')}
          cancelTo={paths.tariffs}
          save={(values) => createTariff.mutateAsync(values)}
          onSaved={(tariff) => {
            showToast(t('tariffs.messages.created', { name: tariff.name }), { variant: 'success' });
            void navigate(generatePath(paths.tariffEdit, { tariffId: String(tariff.id) }));
          }}
        />
      )}
    </>
  );
}
