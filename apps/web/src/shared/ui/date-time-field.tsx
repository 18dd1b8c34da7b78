import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Dayjs } from 'dayjs';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../lib/format-number';
import { localizeMessage } from '../lib/form-errors';
import { dayjs } from '../lib/pickers-adapter';
import { useSession } from '../lib/session';
import { PickersLocalization } from './pickers-localization';

/** Day, month name (from the language's dayjs locale), year and 24-hour time: short enough for a 390 px phone. */
const formatOf = (language: string) => (language === 'ar' ? 'D MMM YYYY، HH:mm' : 'D MMM YYYY, HH:mm');

/** Now, as the form value of a date-time field (an ISO instant). */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A moment later than now (a field's client-side check; the API has the last word, with a little clock skew). */
export function isInFuture(value: string | undefined, now = Date.now()): boolean {
  if (!value) return false;
  const at = new Date(value).getTime();
  return !Number.isNaN(at) && at > now;
}

/** The message a form schema puts on a date-time field set in the future (a catalog code, localised by the field). */
export const DATE_IN_FUTURE = ERROR_CODES.dateInFuture;

/**
 * When something happened (a reading taken, cash received): a date and a time in the user's
 * language (digits and month names from its dayjs locale), in the tenant's time zone (docs/decisions.md,
 * "#11 dates in the forms"), never in
 * the future. The form value is an ISO instant ('' when cleared, which the contract refuses);
 * a server 400 on the field (too old, before the previous reading) shows under it.
 */
export function DateTimeField<T extends FieldValues, TTransformed extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  notBefore,
  isDisabled = false,
}: {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  /** The earliest moment the API accepts (an instant: the previous reading; a day: the invoice's issue): earlier ones are greyed out. */
  notBefore?: string | null;
  isDisabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const zone = useSession().user?.tenant?.timezone || dayjs.tz.guess();
  // In the pickers' locale: the adapter compares days by their formatted text (Arabic-Indic digits in Arabic).
  const locale = dayjsLocale(i18n.language);
  // A day (`YYYY-MM-DD`, the invoice's issue) starts at midnight in the tenant's zone.
  const minDateTime = !notBefore
    ? undefined
    : (/^\d{4}-\d{2}-\d{2}$/.test(notBefore) ? dayjs.tz(notBefore, zone) : dayjs(notBefore).tz(zone)).locale(locale);
  return (
    <PickersLocalization language={i18n.language}>
      <Controller<T, FieldPath<T>, TTransformed>
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const text = typeof field.value === 'string' ? field.value : '';
          const value: Dayjs | null = text ? dayjs(text).locale(locale) : null;
          const error = fieldState.error?.message ? localizeMessage(fieldState.error.message, t) : undefined;
          return (
            <DateTimePicker
              label={label}
              value={value?.isValid() ? value : null}
              onChange={(next) => field.onChange(next === null ? '' : next.isValid() ? next.toISOString() : 'invalid')}
              timezone={zone}
              format={formatOf(i18n.language)}
              ampm={false}
              disableFuture
              minDateTime={minDateTime}
              disabled={isDisabled}
              inputRef={field.ref}
              name={field.name}
              slotProps={{ textField: { onBlur: field.onBlur, error: Boolean(error), helperText: error ?? helperText, fullWidth: true } }}
            />
          );
        }}
      />
    </PickersLocalization>
  );
}
