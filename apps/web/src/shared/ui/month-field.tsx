import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { normalizeDigits } from '@meterline/contract/digits';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '@meterline/contract/intl-formats';
import { dateLocale } from '../lib/format-number';
import { localizeMessage } from '../lib/form-errors';
import { useFormReadOnly } from './form-read-only';
import { RecordTextField } from './record-text-field';
import { keepCaret } from './form-text-field';
import { shownNumericInput } from './numeric-text-field';

const MONTH_NUMBERS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

function monthName(month: string, language: string): string {
  return dateTimeFormat(dateLocale(language), { month: 'long', timeZone: 'UTC' }).format(new Date(`2000-${month}-01T00:00:00Z`));
}

/**
 * A month (`YYYY-MM`, '' for none) as a month select in the user's language and a year typed with
 * the numeric keyboard (either digit system accepted, shown in the user's): no browser picker in the wrong language.
 */
export function MonthField<T extends FieldValues, TTransformed extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  isRequired = false,
  isReadOnly: isReadOnlyProp = false,
}: {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  isRequired?: boolean;
  isReadOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const isFormReadOnly = useFormReadOnly();
  const isReadOnly = isReadOnlyProp || isFormReadOnly;
  return (
    <Controller<T, FieldPath<T>, TTransformed>
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const [year = '', month = ''] = value.split('-');
        const update = (nextYear: string, nextMonth: string) =>
          field.onChange(nextYear === '' && nextMonth === '' ? '' : `${nextYear}-${nextMonth}`);
        const error = fieldState.error?.message ? localizeMessage(fieldState.error.message, t) : undefined;
        return (
          <Stack direction="row" spacing={1} sx={{ minWidth: 0 }}>
            <RecordTextField
              select
              label={label}
              required={isRequired && !isReadOnly}
              value={month}
              onChange={(event) => update(year || String(new Date().getFullYear()), event.target.value)}
              onBlur={field.onBlur}
              error={Boolean(error)}
              helperText={error ?? helperText}
              sx={{ flex: 2, minWidth: 0 }}
              slotProps={{
                htmlInput: { readOnly: isReadOnly },
                select: { displayEmpty: !isRequired },
                inputLabel: isRequired ? undefined : { shrink: true },
              }}
            >
              {!isRequired && <MenuItem value="">{t('forms.none')}</MenuItem>}
              {MONTH_NUMBERS.map((number) => (
                <MenuItem key={number} value={number}>
                  {monthName(number, i18n.language)}
                </MenuItem>
              ))}
            </RecordTextField>
            <RecordTextField
              label={t('forms.year')}
              value={shownNumericInput(year, i18n.language)}
              onChange={(event) => {
                const nextYear = normalizeDigits(event.target.value).replace(/\D/g, '').slice(0, 4);
                keepCaret(event.target, shownNumericInput(nextYear, i18n.language));
                update(nextYear, month);
              }}
              onBlur={field.onBlur}
              error={Boolean(error)}
              sx={{ flex: 1, minWidth: 90 }}
              slotProps={{
                htmlInput: { inputMode: 'numeric', dir: 'ltr', readOnly: isReadOnly, 'aria-label': `${label}: ${t('forms.year')}` },
              }}
            />
          </Stack>
        );
      }}
    />
  );
}
