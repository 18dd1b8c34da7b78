import MenuItem from '@mui/material/MenuItem';
import { CUSTOMER_LANGUAGES, type CustomerLanguage, type NotificationChannel } from '@meterline/contract/notification-kinds';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/ui/form-text-field';

/** The customer form's values these fields hold. */
export interface CustomerMessageValues {
  /** Undefined on a new customer: the company's language. */
  language: CustomerLanguage | undefined;
  opted_out_channels: NotificationChannel[];
}

/** The order the opt-outs are offered in: the most used channels first. */
const OPT_OUT_ORDER: readonly NotificationChannel[] = ['whatsapp', 'sms', 'email'];

/** '' (the company's language, on a new customer) is left out of the body: the server writes the tenant's. */
const toLanguage = (text: string) => (text === '' ? undefined : text);
/** A multiple select answers the list chosen (or, autofilled, its text with commas). */
const toChannels = (value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value);

/**
 * How the customer is written to (docs/notifications.md): the language of their messages, and the
 * channels they asked not to be reached on. Read-only in the read view like the form's other fields.
 */
export function CustomerMessageFields<T extends CustomerMessageValues, TOutput extends FieldValues>({
  control: formControl,
  isNew,
}: {
  control: Control<T, unknown, TOutput>;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const control = formControl as unknown as Control<CustomerMessageValues>;
  return (
    <>
      <FormTextField
        control={control}
        name="language"
        select
        parse={toLanguage}
        label={t('messaging.customer.language')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {isNew && (
          <MenuItem value="">
            <em>{t('messaging.customer.companyLanguage')}</em>
          </MenuItem>
        )}
        {CUSTOMER_LANGUAGES.map((language) => (
          <MenuItem key={language} value={language} lang={language}>
            {t(`messaging.customer.languages.${language}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="opted_out_channels"
        select
        parse={toChannels}
        label={t('messaging.customer.optedOut')}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (value) => {
              const channels = value as NotificationChannel[];
              if (channels.length === 0) return t('messaging.customer.noOptOut');
              return OPT_OUT_ORDER.filter((channel) => channels.includes(channel))
                .map((channel) => t(`messaging.customer.noChannel.${channel}`))
                .join(t('counters.listSeparator'));
            },
          },
          inputLabel: { shrink: true },
        }}
      >
        {OPT_OUT_ORDER.map((channel) => (
          <MenuItem key={channel} value={channel}>
            {t(`messaging.customer.noChannel.${channel}`)}
          </MenuItem>
        ))}
      </FormTextField>
    </>
  );
}
