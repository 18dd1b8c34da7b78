import Box from '@mui/material/Box';
import { ERROR_CODES } from '@meterline/contract/error-codes';
import { lazy, Suspense } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../lib/form-errors';
import { useSession } from '../lib/session';
import { useFormReadOnly } from './form-read-only';
import { RecordTextField } from './record-text-field';

/**
 * The picker itself (MUI X's DateTimePicker, dayjs and its locales: ~58 KB gzip) comes when a form
 * with a date shows, not with the screen that may open one (docs/performance.md, "what a screen downloads").
 */
const DateTimePickerInput = lazy(() => import('./date-time-picker'));

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
 * language (digits and month names from its dayjs locale), in the tenant's time zone (docs/web.md,
 * "Dates"), never in
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
  const zone = useSession().user?.tenant?.timezone || null;
  const isReadOnly = useFormReadOnly();
  return (
    <Controller<T, FieldPath<T>, TTransformed>
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message ? localizeMessage(fieldState.error.message, t) : undefined;
        // Nothing to pick from in the read view: the label and the dash of every empty field, no download.
        if (isReadOnly && !field.value) {
          return (
            <RecordTextField
              label={label}
              value=""
              fullWidth
              name={field.name}
              helperText={error ?? helperText}
              error={Boolean(error)}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          );
        }
        return (
          // The height of the field while the picker downloads, so the dialog does not jump.
          <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: 56 }} />}>
            <DateTimePickerInput
              label={label}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              zone={zone}
              language={i18n.language}
              notBefore={notBefore}
              isDisabled={isDisabled}
              error={error}
              helperText={helperText}
            />
          </Suspense>
        );
      }}
    />
  );
}
