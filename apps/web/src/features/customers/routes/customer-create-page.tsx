import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { todayIn } from '../../../shared/lib/period';
import { useSession } from '../../../shared/lib/session';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateCustomer } from '../api/create-customer';
import { CustomerForm, emptyCustomerValues } from '../components/customer-form';

export function CustomerCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { service, serviceName } = useSelectedService();
  const createCustomer = useCreateCustomer(service?.id ?? 0);
  const { user } = useSession();
  const today = todayIn(user?.tenant?.timezone);

  return (
    <>
      <PageHeader
        title={t('customers.createTitle')}
        subtitle={serviceName}
        backTo={paths.customers}
        breadcrumbs={[{ label: t('customers.title'), to: paths.customers }, { label: t('customers.createTitle') }]}
      />
      {service && (
        <CustomerForm
          serviceId={service.id}
          defaultValues={{ ...emptyCustomerValues, started_on: today }}
          isNew
          isMetered={service.is_metered}
          today={today}
          submitLabel={t('customers.actions.submitCreate')}
          cancelTo={paths.customers}
          // An empty code is left out: the API gives the next free one (C-000123).
          save={(values) =>
            createCustomer.mutateAsync({
              ...values,
              code: values.code || undefined,
              initial_reading: values.bundle ? values.initial_reading : undefined,
              started_on: values.bundle ? values.started_on : undefined,
            })
          }
          onSaved={(customer) => {
            showToast(t('customers.messages.created', { name: customer.full_name }), { variant: 'success' });
            void navigate(generatePath(paths.customerEdit, { customerId: String(customer.id) }));
          }}
        />
      )}
    </>
  );
}
