import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../shared/hooks/use-toast';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateTenant } from '../api/create-tenant';
import type { TenantFormValues } from '../components/tenant-form';
import { TenantForm } from '../components/tenant-form';

/** A new client; then straight to its first user (its admin). */
export function TenantCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const createTenant = useCreateTenant();
  return (
    <>
      <PageHeader
        title={t('tenants.new')}
        backTo="/tenants"
        breadcrumbs={[{ label: t('tenants.title'), to: '/tenants' }, { label: t('tenants.new') }]}
      />
      <TenantForm
        onSubmit={(values) => createTenant.mutateAsync(values as TenantFormValues)}
        onSaved={(tenant) => {
          showToast(t('tenants.created', { name: tenant.name }), { variant: 'success' });
          void navigate(`/tenants/${tenant.id}/users/create`);
        }}
      />
    </>
  );
}
