import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import type { createTransactionInputSchema, CreateTransactionInput } from '@meterline/contract/transactions';
import { TRANSACTION_KINDS } from '@meterline/contract/list-specs';
import { serviceNameIn } from '@meterline/contract/service-names';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useStaffOptions } from '../../../shared/api/get-staff-options';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useSingleFlight } from '../../../shared/hooks/use-single-flight';
import { useToast } from '../../../shared/hooks/use-toast';
import { useUnsavedChanges } from '../../../shared/hooks/use-unsaved-changes';
import { useCan } from '../../../shared/lib/can';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { useIdempotentWrite } from '../../../shared/hooks/use-idempotency-key';
import { useSession } from '../../../shared/lib/session';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money, useFormatMoney } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import { useCreateTransaction } from '../api/create-transaction';

type TransactionFormOutput = z.output<typeof createTransactionInputSchema>;
const FIELDS = ['kind', 'amount', 'service', 'from_user', 'to_user', 'description'] as const;

/**
 * `/transactions/create`: a collector's cash handed over to the office, an expense, a deposit or an
 * adjustment, with staff pickers and an exact amount; a confirmation says who moves how much.
 */
export function TransactionCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { user } = useSession();
  const { service, services } = useSelectedService();
  const formatMoney = useFormatMoney();
  const decimals = currencyDecimals(user?.tenant?.currency ?? 'USD');
  const staff = useStaffOptions({ isEnabled: useCan('list', 'user') });
  // The two people fields offer the same staff: nobody, then each name with its role.
  const staffItems = [
    <MenuItem key="" value="">
      {t('transactions.form.nobody')}
    </MenuItem>,
    ...(staff.data ?? []).map((option) => (
      <MenuItem key={option.id} value={option.id}>
        <bdi>{option.name}</bdi>&nbsp;· {t(`roles.${option.role as 'admin'}`, { defaultValue: option.role })}
      </MenuItem>
    )),
  ];
  // One key per submission: a retry after a lost answer moves the money once (useIdempotentWrite).
  const send = useIdempotentWrite(true);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<TransactionFormOutput | null>(null);
  const createTransaction = useCreateTransaction();
  const runOnce = useSingleFlight();

  const schema = useMemo(
    () =>
      lazySchema(async () => {
        const { createTransactionInputSchema } = await import('@meterline/contract/transactions');
        return createTransactionInputSchema.superRefine((value, context) => {
          const amount = parseMoney(value.amount, decimals);
          if (amount === null)
            context.addIssue({ code: 'custom', path: ['amount'], message: t('invoices.payment.amountInvalid', { count: decimals }) });
          else if (amount === 0n || (amount < 0n && value.kind !== 'adjustment'))
            context.addIssue({ code: 'custom', path: ['amount'], message: t('transactions.form.amountPositive') });
          if (value.kind === 'handover' && !value.from_user)
            context.addIssue({ code: 'custom', path: ['from_user'], message: t('transactions.form.fromUserRequired') });
        });
      }),
    [decimals, t],
  );
  const form = useForm<CreateTransactionInput, unknown, TransactionFormOutput>({
    resolver: contractResolver(schema),
    defaultValues: { kind: 'handover', amount: '', service: service?.id ?? '', from_user: '', to_user: user?.id ?? '', description: '' },
  });
  const { isDirty, isSubmitSuccessful } = form.formState;
  const { blocker, allowNextNavigation } = useUnsavedChanges(isDirty && !isSubmitSuccessful);
  const kind = useWatch({ control: form.control, name: 'kind' });
  // The services load after the first render: the selected one becomes the default until changed.
  const serviceId = service?.id;
  useEffect(() => {
    if (serviceId && !form.getFieldState('service').isDirty && !form.getValues('service')) form.setValue('service', serviceId);
  }, [serviceId, form]);

  const nameOf = (id: unknown) => staff.data?.find((option) => option.id === Number(id))?.name ?? '';
  const handleSubmit = form.handleSubmit((values) => setPending(values));

  const handleConfirm = async () => {
    if (!pending) return;
    setFormError(null);
    try {
      await send((idempotencyKey) => createTransaction.mutateAsync({ input: pending, idempotencyKey }));
      showToast(t('transactions.form.created', { amount: formatMoney(pending.amount) }), { variant: 'success' });
      setPending(null);
      allowNextNavigation();
      void navigate('/transactions');
    } catch (error) {
      setPending(null);
      setFormError(applyServerErrors(error, form.setError, FIELDS, t));
    }
  };

  const pendingAmount = pending ? formatMoneyAmount(parseMoney(pending.amount, decimals) ?? 0n, decimals) : '0';

  return (
    <>
      <PageHeader
        title={t('transactions.createTitle')}
        breadcrumbs={[{ label: t('transactions.title'), to: '/transactions' }, { label: t('transactions.createTitle') }]}
        backTo="/transactions"
      />
      <Card variant="outlined" sx={{ maxWidth: 720 }}>
        <CardContent>
          <Stack
            component="form"
            noValidate
            spacing={2.5}
            onSubmit={(event) => void handleSubmit(event)}
            aria-label={t('transactions.createTitle')}
          >
            {formError && <Alert severity="error">{formError}</Alert>}
            <FormTextField<CreateTransactionInput>
              control={form.control}
              name="kind"
              label={t('transactions.fields.kind')}
              select
              required
              helperText={t(`transactions.kindHints.${kind}`)}
            >
              {TRANSACTION_KINDS.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`transactions.kinds.${option}`)}
                </MenuItem>
              ))}
            </FormTextField>
            <NumericTextField<CreateTransactionInput>
              control={form.control}
              name="amount"
              label={t('transactions.fields.amount')}
              required
              helperText={kind === 'adjustment' ? t('transactions.form.adjustmentHint') : undefined}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField<CreateTransactionInput>
                control={form.control}
                name="from_user"
                label={t('transactions.fields.fromUser')}
                select
                fullWidth
                required={kind === 'handover'}
              >
                {staffItems}
              </FormTextField>
              <FormTextField<CreateTransactionInput>
                control={form.control}
                name="to_user"
                label={t('transactions.fields.toUser')}
                select
                fullWidth
              >
                {staffItems}
              </FormTextField>
            </Stack>
            <FormTextField<CreateTransactionInput>
              control={form.control}
              name="service"
              label={t('transactions.fields.service')}
              select
              helperText={t('transactions.form.serviceHint')}
            >
              <MenuItem value="">{t('transactions.form.noService')}</MenuItem>
              {services.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  <bdi>{serviceNameIn(option, i18n.language)}</bdi>
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField<CreateTransactionInput>
              control={form.control}
              name="description"
              label={t('transactions.fields.description')}
              multiline
              minRows={2}
            />
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to="/transactions">
                {t('forms.cancel')}
              </Button>
              <Button type="submit" variant="contained">
                {t('transactions.form.submit')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        isOpen={pending !== null}
        title={t('transactions.form.confirmTitle')}
        description={
          pending && (
            <Trans
              i18nKey="transactions.form.confirmText"
              values={{
                kind: t(`transactions.kinds.${pending.kind}`),
                from: nameOf(pending.from_user) || t('transactions.form.nobody'),
                to: nameOf(pending.to_user) || t('transactions.form.nobody'),
              }}
              components={{ amount: <Money amount={pendingAmount} />, strong: <strong /> }}
            />
          )
        }
        confirmLabel={t('transactions.form.confirm', { amount: formatMoney(pendingAmount) })}
        isBusy={createTransaction.isPending}
        onConfirm={() => void runOnce(handleConfirm)}
        onClose={() => setPending(null)}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
