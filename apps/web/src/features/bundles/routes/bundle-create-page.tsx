import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateBundle } from '../api/create-bundle';
import { BundleForm, emptyBundleValues } from '../components/bundle-form';

export function BundleCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { service, serviceName } = useSelectedService();
  const createBundle = useCreateBundle(service?.id ?? 0);

  return (
    <>
      <PageHeader
        title={t('bundles.createTitle')}
        subtitle={serviceName}
        backTo={paths.bundles}
        breadcrumbs={[{ label: t('bundles.title'), to: paths.bundles }, { label: t('bundles.createTitle') }]}
      />
      {service && (
        <BundleForm
          defaultValues={emptyBundleValues}
          unit={service.unit}
          submitLabel={t('bundles.actions.submitCreate')}
          cancelTo={paths.bundles}
          save={(values) => createBundle.mutateAsync(values)}
          onSaved={(bundle) => {
            showToast(t('bundles.messages.created', { name: bundle.name }), { variant: 'success' });
            void navigate(generatePath(paths.bundleEdit, { bundleId: String(bundle.id) }));
          }}
        />
      )}
    </>
  );
}
