import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createHandoverInputSchema, type CashPayment, type CashRow, type Handover } from '@meterline/contract/cash';
import type { TFunction } from 'i18next';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { formatDateTime } from '../../../shared/lib/format-date';
import { DialogForm, useDialogForm } from '../../../shared/ui/dialog-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money, useFormatMoney } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { useCreateHandover } from '../api/create-handover';
import { useHeldPayments } from '../api/get-cash';
import { CodeText } from '../../../shared/ui/code-text';

const countSchema = createHandoverInputSchema.pick({ counted: true, reason: true });
type CountInput = z.input<typeof countSchema>;
type CountOutput = z.output<typeof countSchema>;
/** At most two currencies: the tenant's billing one and its second one. */
const FIELDS = ['counted.0.amount', 'counted.1.amount', 'counted', 'reason', 'payments'] as const;

type Kind = 'exact' | 'shortage' | 'surplus';
const kindOf = (difference: bigint): Kind => (difference === 0n ? 'exact' : difference < 0n ? 'shortage' : 'surplus');
const absolute = (value: bigint) => (value < 0n ? -value : value);

interface CountDialogProps {
  serviceId: number;
  row: CashRow | null;
  /** False while it fades out, still showing the collector (`KeptDialog`). */
  isOpen?: boolean;
  onClose(): void;
}

/** Per currency: what the ticked payments left, what was typed, and the difference once typed. */
function countLines(currencies: string[], payments: CashPayment[], typed: { amount?: unknown }[] | undefined) {
  return currencies.map((currency, index) => {
    const decimals = currencyDecimals(currency);
    const expected = payments.reduce(
      (sum, payment) => sum + (parseMoney(payment.cash.find((part) => part.currency === currency)?.amount ?? '0', decimals) ?? 0n),
      0n,
    );
    const text = typed?.[index]?.amount;
    const counted = text ? parseMoney(String(text), decimals) : null;
    return { currency, decimals, expected, counted, difference: counted === null ? null : counted - expected };
  });
}

/** "$37.00 + LBP 2,064,000 handed over. Short by $1.00. LBP 1,000 over." */
function countDoneText(result: Handover, t: TFunction, formatMoney: (amount: string, currency?: string) => string): string {
  const amount = result.counted.map((entry) => formatMoney(entry.amount, entry.currency)).join(' + ');
  const differences = result.differences.filter((entry) => entry.kind !== 'exact');
  return [
    t('cash.count.done.counted', { amount }),
    ...differences.map((entry) => {
      const difference = formatMoney(entry.amount.replace('-', ''), entry.currency);
      return entry.kind === 'shortage' ? t('cash.count.done.shortage', { difference }) : t('cash.count.done.surplus', { difference });
    }),
  ].join(' ');
}

/**
 * The end-of-day count of one collector's cash: the payments held (all ticked), what they add up
 * to in each currency, the cash counted in each (one field per currency) and the difference per
 * currency as a shortage or surplus, which needs a reason. One key per opening.
 */
export function CountDialog({ serviceId, row, isOpen: isWanted = true, onClose }: CountDialogProps) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const formatMoney = useFormatMoney();
  const isOpen = isWanted && row !== null;
  const currencies = (row?.held_cash ?? []).map((entry) => entry.currency);
  const held = useHeldPayments(serviceId, row?.collector ?? null);
  const [unticked, setUnticked] = useState<Set<number>>(new Set());
  const handover = useCreateHandover(serviceId);
  const dialog = useDialogForm({
    isOpen,
    schema: countSchema,
    values: () => ({ counted: currencies.map((currency) => ({ currency, amount: '' })), reason: '' }),
    fields: FIELDS,
    onOpen: () => setUnticked(new Set()),
  });
  const { form } = dialog;
  const payments = (held.data ?? []).filter((payment) => !unticked.has(payment.id));
  const typed = useWatch({ control: form.control, name: 'counted' });
  const lines = countLines(currencies, payments, typed);
  const isCounted = lines.length > 0 && lines.every((line) => line.counted !== null);
  const hasDifference = lines.some((line) => line.difference !== null && line.difference !== 0n);

  const handleSubmit = async (values: CountOutput, idempotencyKey: string) => {
    if (!row) return;
    if (hasDifference && !values.reason) {
      form.setError('reason', { message: t('cash.count.reasonRequired') });
      return;
    }
    const result = await handover.mutateAsync({
      input: {
        collector: row.collector,
        payments: payments.map((payment) => payment.id),
        counted: values.counted,
        reason: values.reason,
      },
      idempotencyKey,
    });
    showToast(countDoneText(result, t, formatMoney), { variant: result.kind === 'exact' ? 'success' : 'warning' });
    onClose();
  };

  return (
    <DialogForm
      dialog={dialog}
      onSubmit={handleSubmit}
      title={t('cash.count.title', { name: row?.collector_name ?? '' })}
      description={t('cash.count.text')}
      confirmLabel={t('cash.count.confirm')}
      isBusy={handover.isPending}
      isConfirmDisabled={payments.length === 0 || !isCounted}
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
                <CodeText value={payment.invoice_number} /> · <bdi>{payment.customer_name}</bdi> · <PaymentCash cash={payment.cash} /> ·{' '}
                {formatDateTime(payment.paid_at, i18n.language)}
              </span>
            }
          />
        ))}
      </Stack>
      {lines.map((line, index) => (
        <Stack key={line.currency} spacing={1} data-testid="count-currency" data-currency={line.currency}>
          <Typography data-testid="count-expected">
            {t('cash.count.expected')} ({line.currency}):{' '}
            <strong>
              <Money amount={formatMoneyAmount(line.expected, line.decimals)} currency={line.currency} />
            </strong>
          </Typography>
          <NumericTextField<CountInput, CountOutput>
            control={form.control}
            name={`counted.${index}.amount`}
            label={`${t('cash.count.counted')} (${line.currency})`}
            required
            autoFocus={index === 0}
          />
          {line.difference !== null && (
            <Alert severity={line.difference === 0n ? 'success' : 'warning'} data-testid="count-difference">
              {t(`cash.count.kinds.${kindOf(line.difference)}`)} ({line.currency})
              {line.difference !== 0n && (
                <>
                  {': '}
                  <Money amount={formatMoneyAmount(absolute(line.difference), line.decimals)} currency={line.currency} />
                </>
              )}
            </Alert>
          )}
        </Stack>
      ))}
      <FormTextField<CountInput, CountOutput> control={form.control} name="reason" label={t('cash.count.reason')} multiline minRows={2} />
    </DialogForm>
  );
}

/** The cash a payment left, per currency: "$10.00 + LBP 450,000". */
function PaymentCash({ cash }: { cash: { currency: string; amount: string }[] }) {
  return cash.map((part, index) => (
    <span key={part.currency}>
      {index > 0 && ' + '}
      <Money amount={part.amount} currency={part.currency} />
    </span>
  ));
}
