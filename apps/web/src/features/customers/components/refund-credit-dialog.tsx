import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { refundCreditInputSchema } from '@meterline/contract/account';
import type { Customer } from '@meterline/contract/customers';
import { currencyDecimals, parseMoney } from '@meterline/contract/money';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useIdempotencyKey } from '../../../shared/hooks/use-idempotency-key';
import { useSingleFlight } from '../../../shared/hooks/use-single-flight';
import { useToast } from '../../../shared/hooks/use-toast';
import { contractResolver } from '../../../shared/lib/contract-resolver';
import { isolateLtr } from '../../../shared/lib/format-number';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money, useFormatMoney, useTenantCurrency } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { useRefundCredit } from '../api/refund-credit';

type FormInput = z.input<typeof refundCreditInputSchema>;
type FormOutput = z.output<typeof refundCreditInputSchema>;

/** Hands credit back (admin, issue 15): at most the credit held, with a reason; the button names the amount. */
export function RefundCreditDialog({
  isOpen,
  serviceId,
  customer,
  onClose,
}: {
  isOpen: boolean;
  serviceId: number;
  customer: Customer;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const formatMoney = useFormatMoney();
  const decimals = currencyDecimals(useTenantCurrency());
  const credit = parseMoney(customer.credit, decimals) ?? 0n;
  const { idempotencyKey, renewAfter } = useIdempotencyKey(isOpen);
  const runOnce = useSingleFlight();
  const [formError, setFormError] = useState<string | null>(null);
  const refund = useRefundCredit(serviceId, customer.id);
  const schema = useMemo(
    () =>
      refundCreditInputSchema.superRefine((value, context) => {
        const amount = parseMoney(value.amount, decimals);
        if (amount === null || amount <= 0n)
          context.addIssue({ code: 'custom', path: ['amount'], message: t('account.pay.amountPositive') });
        else if (amount > credit)
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: t('account.refund.amountTooLarge', { credit: formatMoney(customer.credit) }),
          });
      }),
    [decimals, credit, customer.credit, formatMoney, t],
  );
  const defaults = { amount: customer.credit, reason: '' };
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: contractResolver(schema), defaultValues: defaults });
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      form.reset(defaults);
      setFormError(null);
    }
  }
  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedMinor = typed ? parseMoney(String(typed), decimals) : null;
  const isValidAmount = typedMinor !== null && typedMinor > 0n && typedMinor <= credit;

  const handleConfirm = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const done = await refund.mutateAsync({ input: values, idempotencyKey });
      showToast(t('account.refund.done', { amount: formatMoney(done.amount) }), { variant: 'success' });
      onClose();
    } catch (error) {
      renewAfter(error);
      setFormError(applyServerErrors(error, form.setError, ['amount', 'reason'], t));
    }
  });

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('account.refund.title')}
      description={<Trans i18nKey="account.refund.text" components={{ amount: <Money amount={customer.credit} /> }} />}
      confirmLabel={
        isValidAmount ? t('account.refund.confirm', { amount: isolateLtr(formatMoney(String(typed))) }) : t('account.refund.title')
      }
      confirmColor="warning"
      isBusy={refund.isPending}
      isConfirmAutoFocused={false}
      onConfirm={() => void runOnce(handleConfirm)}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <NumericTextField<FormInput, FormOutput> control={form.control} name="amount" label={t('account.refund.amount')} required />
        <FormTextField<FormInput, FormOutput>
          control={form.control}
          name="reason"
          label={t('account.refund.reason')}
          required
          autoFocus
          multiline
          minRows={2}
        />
      </Stack>
    </ConfirmDialog>
  );
}
