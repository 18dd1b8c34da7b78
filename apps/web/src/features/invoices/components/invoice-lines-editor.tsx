import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateInvoiceInput } from '@meterline/contract/invoices';
import { formatMoneyAmount, lineAmountMinor, parseScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money-format';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';

export const EMPTY_LINE = { description: '', quantity: '1', unit_price: '' };
const MAX_LINES = 100;

/** A line's amount as the server will compute it (quantity x unit price, rounded once, half-up), or null while incomplete. */
export function lineAmountOf(quantity: unknown, unitPrice: unknown, decimals: number): bigint | null {
  const quantityScaled = parseScaled(String(quantity ?? ''), QUANTITY_SCALE);
  const priceScaled = parseScaled(String(unitPrice ?? ''), UNIT_PRICE_SCALE);
  if (quantityScaled === null || priceScaled === null) return null;
  return lineAmountMinor(quantityScaled, priceScaled, decimals);
}

/** The lines of an invoice without a meter: description, quantity, unit price, and each amount and the subtotal, exact. */
export function InvoiceLinesEditor({
  control,
  decimals,
  isDisabled,
}: {
  control: Control<CreateInvoiceInput>;
  decimals: number;
  isDisabled: boolean;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const amounts = lines.map((line) => lineAmountOf(line?.quantity, line?.unit_price, decimals));
  const subtotal = amounts.every((amount) => amount !== null) ? amounts.reduce<bigint>((sum, amount) => sum + (amount ?? 0n), 0n) : null;

  return (
    <Stack spacing={2}>
      {fields.map((field, index) => (
        <Box
          key={field.id}
          role="group"
          aria-label={t('invoices.lines.line', { index: index + 1 })}
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 3fr) minmax(90px, 1fr) minmax(110px, 1fr) minmax(100px, 1fr) auto' },
            borderBottom: { xs: 1, md: 0 },
            borderColor: 'divider',
            pb: { xs: 2, md: 0 },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <FormTextField<CreateInvoiceInput>
              control={control}
              name={`lines.${index}.description`}
              label={t('invoices.lines.description')}
              required
              fullWidth
              size="small"
              disabled={isDisabled}
            />
          </Box>
          <NumericTextField<CreateInvoiceInput>
            control={control}
            name={`lines.${index}.quantity`}
            label={t('invoices.lines.quantity')}
            required
            size="small"
            disabled={isDisabled}
          />
          <NumericTextField<CreateInvoiceInput>
            control={control}
            name={`lines.${index}.unit_price`}
            label={t('invoices.lines.unitPrice')}
            required
            size="small"
            disabled={isDisabled}
          />
          <Box sx={{ pt: { md: 1 }, minHeight: 40, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
              {t('invoices.lines.amount')}:
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {amounts[index] === null ? '—' : <Money amount={formatMoneyAmount(amounts[index] ?? 0n, decimals)} />}
            </Typography>
          </Box>
          <Box sx={{ justifySelf: 'end' }}>
            <IconButton
              aria-label={t('invoices.lines.remove', { index: index + 1 })}
              onClick={() => remove(index)}
              disabled={isDisabled || fields.length === 1}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        </Box>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Button
          startIcon={<AddOutlined />}
          onClick={() => append({ ...EMPTY_LINE })}
          disabled={isDisabled || fields.length >= MAX_LINES}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('invoices.lines.add')}
        </Button>
        <Box sx={{ textAlign: { sm: 'end' } }}>
          <Typography sx={{ fontWeight: 700 }}>
            {t('invoices.fields.subtotal')}: {subtotal === null ? '—' : <Money amount={formatMoneyAmount(subtotal, decimals)} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('invoices.lines.taxHint')}
          </Typography>
        </Box>
      </Stack>
    </Stack>
  );
}
