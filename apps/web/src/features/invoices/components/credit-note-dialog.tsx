import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { createCreditNoteInputSchema, type CreateCreditNoteInput } from '@meterline/contract/account';
import type { InvoiceDetail } from '@meterline/contract/invoices';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { isolateLtr } from '../../../shared/lib/format-number';
import { DialogForm, useDialogForm } from '../../../shared/ui/dialog-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { useCreateCreditNote } from '../api/credit-notes';

type FormOutput = z.output<typeof createCreditNoteInputSchema>;
type Mode = 'amount' | 'lines';

/**
 * A credit note on the invoice (admin, accountant; docs/accounts.md): an amount (tax included) or whole
 * lines of the invoice, and a reason. For an amount it says what the balance becomes and what
 * turns into credit; the server decides and numbers it (CN-YYYY-NNNNNN).
 */
export function CreditNoteDialog({
  isOpen,
  invoice,
  serviceId,
  onClose,
}: {
  isOpen: boolean;
  invoice: InvoiceDetail;
  serviceId: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const decimals = currencyDecimals(invoice.currency);
  const balance = parseMoney(invoice.balance_due, decimals) ?? 0n;
  const [mode, setMode] = useState<Mode>('amount');
  const [chosen, setChosen] = useState<number[]>([]);
  const create = useCreateCreditNote(serviceId, invoice.id);
  const dialog = useDialogForm({
    isOpen,
    schema: createCreditNoteInputSchema,
    values: () => ({ amount: '', reason: '' }),
    fields: ['amount', 'lines', 'reason'],
    onOpen: () => {
      setMode('amount');
      setChosen([]);
    },
  });
  const { form } = dialog;
  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedMinor = mode === 'amount' && typed ? parseMoney(String(typed), decimals) : null;
  const preview =
    typedMinor !== null && typedMinor > 0n
      ? { after: typedMinor < balance ? balance - typedMinor : 0n, credit: typedMinor > balance ? typedMinor - balance : 0n }
      : null;

  const linesOf = (ids: number[]) =>
    invoice.lines
      .filter((line) => ids.includes(line.id))
      .map((line) => ({ description: line.description, quantity: line.quantity, unit_price: line.unit_price }));
  const handleModeChange = (next: Mode) => {
    setMode(next);
    form.clearErrors();
    if (next === 'lines') {
      form.setValue('amount', undefined);
      form.setValue('lines', chosen.length ? linesOf(chosen) : undefined);
    } else {
      form.setValue('lines', undefined);
      form.setValue('amount', '');
    }
  };
  const handleLineToggle = (id: number) => {
    const next = chosen.includes(id) ? chosen.filter((item) => item !== id) : [...chosen, id];
    setChosen(next);
    form.setValue('lines', next.length ? linesOf(next) : undefined);
  };

  const handleSubmit = async (values: FormOutput, idempotencyKey: string) => {
    const note = await create.mutateAsync({
      input: mode === 'amount' ? { amount: values.amount, reason: values.reason } : { lines: values.lines, reason: values.reason },
      idempotencyKey,
    });
    showToast(t('account.creditNote.done', { number: note.number }), { variant: 'success' });
    onClose();
  };
  const amountError = form.formState.errors.amount;
  const linesError = mode === 'lines' && (amountError || form.formState.errors.lines) ? t('account.creditNote.chooseLine') : null;

  return (
    <DialogForm
      dialog={dialog}
      onSubmit={handleSubmit}
      isSubmittedOnEnter={false}
      title={t('account.creditNote.title')}
      description={
        <Trans
          i18nKey="account.creditNote.text"
          values={{ number: isolateLtr(invoice.number) }}
          components={{ total: <Money amount={invoice.total} />, balance: <Money amount={invoice.balance_due} /> }}
        />
      }
      confirmLabel={t('account.creditNote.confirm')}
      isBusy={create.isPending}
      isConfirmAutoFocused={false}
      onClose={onClose}
    >
      <FormControl>
        <FormLabel id="credit-note-mode">{t('account.creditNote.mode')}</FormLabel>
        <RadioGroup row aria-labelledby="credit-note-mode" value={mode} onChange={(event) => handleModeChange(event.target.value as Mode)}>
          <FormControlLabel value="amount" control={<Radio />} label={t('account.creditNote.byAmount')} />
          <FormControlLabel value="lines" control={<Radio />} label={t('account.creditNote.byLines')} />
        </RadioGroup>
      </FormControl>
      {mode === 'amount' ? (
        <>
          <NumericTextField<CreateCreditNoteInput, FormOutput>
            control={form.control}
            name="amount"
            label={t('account.creditNote.amount')}
            required
            autoFocus
          />
          {preview && (
            <Typography variant="body2" data-testid="credit-note-preview">
              <Trans
                i18nKey="account.creditNote.preview"
                components={{
                  after: <Money amount={formatMoneyAmount(preview.after, decimals)} />,
                  credit: <Money amount={formatMoneyAmount(preview.credit, decimals)} />,
                }}
              />
            </Typography>
          )}
        </>
      ) : (
        <FormControl error={Boolean(linesError)} component="fieldset">
          <FormLabel component="legend">{t('account.creditNote.lines')}</FormLabel>
          <FormGroup>
            {invoice.lines.map((line) => (
              <FormControlLabel
                key={line.id}
                control={<Checkbox checked={chosen.includes(line.id)} onChange={() => handleLineToggle(line.id)} />}
                label={
                  <>
                    <bdi>{line.description}</bdi> · <Money amount={line.amount} />
                  </>
                }
              />
            ))}
          </FormGroup>
          {linesError && <FormHelperText>{linesError}</FormHelperText>}
        </FormControl>
      )}
      <FormTextField<CreateCreditNoteInput, FormOutput>
        control={form.control}
        name="reason"
        label={t('account.creditNote.reason')}
        required
        multiline
        minRows={2}
      />
    </DialogForm>
  );
}
