import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createHandoverInputSchema, type CashRow } from '@meterline/contract/cash';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { formatDateTime } from '../../../shared/lib/format-date';
import { DialogForm, useDialogForm } from '../../../shared/ui/dialog-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money, useFormatMoney, useTenantCurrency } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { useCreateHandover } from '../api/create-handover';
import { useHeldPayments } from '../api/get-cash';
import { CodeText } from '../../../shared/ui/code-text';

const countSchema = createHandoverInputSchema.pick({ counted_amount: true, reason: true });
type CountInput = z.input<typeof countSchema>;
type CountOutput = z.output<typeof countSchema>;
const FIELDS = ['counted_amount', 'reason', 'payments'] as const;

interface CountDialogProps {
  serviceId: number;
  row: CashRow | null;
  /** False while it fades out, still showing the collector (`KeptDialog`). */
  isOpen?: boolean;
  onClose(): void;
}

/**
 * The end-of-day count of one collector's cash: the payments held (all ticked), what they add up
 * to, the cash counted and the difference, which needs a reason. One key per opening.
 */
export function CountDialog({ serviceId, row, isOpen: isWanted = true, onClose }: CountDialogProps) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const formatMoney = useFormatMoney();
  const decimals = currencyDecimals(useTenantCurrency());
  const isOpen = isWanted && row !== null;
  const held = useHeldPayments(serviceId, row?.collector ?? null);
  const [unticked, setUnticked] = useState<Set<number>>(new Set());
  const handover = useCreateHandover(serviceId);
  const dialog = useDialogForm({
    isOpen,
    schema: countSchema,
    values: () => ({ counted_amount: '', reason: '' }),
    fields: FIELDS,
    onOpen: () => setUnticked(new Set()),
  });
  const { form } = dialog;
  const payments = (held.data ?? []).filter((payment) => !unticked.has(payment.id));
  const expectedMinor = payments.reduce((sum, payment) => sum + (parseMoney(payment.amount, decimals) ?? 0n), 0n);
  const counted = useWatch({ control: form.control, name: 'counted_amount' });
  const countedMinor = counted ? parseMoney(String(counted), decimals) : null;
  const differenceMinor = countedMinor === null ? null : countedMinor - expectedMinor;

  const handleSubmit = async (values: CountOutput, idempotencyKey: string) => {
    if (!row) return;
    if (differenceMinor !== null && differenceMinor !== 0n && !values.reason) {
      form.setError('reason', { message: t('cash.count.reasonRequired') });
      return;
    }
    const result = await handover.mutateAsync({
      input: {
        collector: row.collector,
        payments: payments.map((payment) => payment.id),
        counted_amount: values.counted_amount,
        reason: values.reason,
      },
      idempotencyKey,
    });
    showToast(
      t(`cash.count.done.${result.kind}`, {
        amount: formatMoney(result.counted_amount),
        difference: formatMoney(result.difference.replace('-', '')),
      }),
      { variant: result.kind === 'exact' ? 'success' : 'warning' },
    );
    onClose();
  };

  const kind = differenceMinor === null ? null : differenceMinor === 0n ? 'exact' : differenceMinor < 0n ? 'shortage' : 'surplus';
  return (
    <DialogForm
      dialog={dialog}
      onSubmit={handleSubmit}
      title={t('cash.count.title', { name: row?.collector_name ?? '' })}
      description={t('cash.count.text')}
      confirmLabel={t('cash.count.confirm')}
      isBusy={handover.isPending}
      isConfirmDisabled={payments.length === 0 || countedMinor === null}
      onClose={onClose}
    >
      <Stack spacing={0.5} sx={{ maxHeight: 240, overflowY: 'auto' }}>
        {(held.data ?? []).map((payment) => (
          <FormControlLabel
            key={payment.id}
            control={
              <Checkbox
                checked={!unticked.has(payment.id)}
                onChange={(event) =>
                  setUnticked((previous) => {
                    const next = new Set(previous);
                    if (event.target.checked) next.delete(payment.id);
                    else next.add(payment.id);
                    return next;
                  })
                }
              />
            }
            label={
              <span>
                <CodeText value={payment.invoice_number} /> · <bdi>{payment.customer_name}</bdi> · <Money amount={payment.amount} /> ·{' '}
                {formatDateTime(payment.paid_at, i18n.language)}
              </span>
            }
          />
        ))}
      </Stack>
      <Typography data-testid="count-expected">
        {t('cash.count.expected')}:{' '}
        <strong>
          <Money amount={formatMoneyAmount(expectedMinor, decimals)} />
        </strong>
      </Typography>
      <NumericTextField<CountInput, CountOutput>
        control={form.control}
        name="counted_amount"
        label={t('cash.count.counted')}
        required
        autoFocus
      />
      {kind && differenceMinor !== null && (
        <Alert severity={kind === 'exact' ? 'success' : 'warning'} data-testid="count-difference">
          {t(`cash.count.kinds.${kind}`)}
          {kind !== 'exact' && (
            <>
              {': '}
              <Money amount={formatMoneyAmount(differenceMinor < 0n ? -differenceMinor : differenceMinor, decimals)} />
            </>
          )}
        </Alert>
      )}
      <FormTextField<CountInput, CountOutput> control={form.control} name="reason" label={t('cash.count.reason')} multiline minRows={2} />
    </DialogForm>
  );
}
