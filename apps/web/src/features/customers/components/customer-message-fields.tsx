import MenuItem from '@mui/material/MenuItem';
import { CUSTOMER_LANGUAGES, type CustomerLanguage, type NotificationChannel } from '@meterline/contract/notification-kinds';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/session';
import { FormTextField } from '../../../shared/ui/form-text-field';

/** The customer form's values these fields hold. */
export interface CustomerMessageValues {
  /** null: the company's language, whatever it becomes (the customer's `own_language`). */
  language: CustomerLanguage | null;
  opted_out_channels: NotificationChannel[];
}

/** The order the opt-outs are offered in: the most used channels first. */
const OPT_OUT_ORDER: readonly NotificationChannel[] = ['whatsapp', 'sms', 'email'];

/**
 * The company's language, as the select holds it (not '', which the read view shows as a dash): sent
 * as null, so the customer follows the tenant's language even after it changes.
 */
const COMPANY = 'company';
const toLanguage = (text: string) => (text === COMPANY ? null : text);
const shownLanguage = (value: string) => (value === '' ? COMPANY : value);
/** A multiple select answers the list chosen (or, autofilled, its text with commas). */
const toChannels = (value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value);

/**
 * How the customer is written to (docs/notifications.md): the language of their messages, and the
 * channels they asked not to be reached on. Read-only in the read view like the form's other fields.
 */
export function CustomerMessageFields<T extends CustomerMessageValues, TOutput extends FieldValues>({
  control: formControl,
}: {
  control: Control<T, unknown, TOutput>;
}) {
  const { t } = useTranslation();
  const control = formControl as unknown as Control<CustomerMessageValues>;
  // The tenant's language, named in the first choice (a session remembered before it was answered: the plain label).
  const companyLanguage = useSession().user?.tenant?.customer_language;
  return (
    <>
      <FormTextField
        control={control}
        name="language"
        select
        parse={toLanguage}
        format={shownLanguage}
        label={t('messaging.customer.language')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={COMPANY}>
          <em>
            {companyLanguage
              ? t('messaging.customer.companyLanguageIs', { language: t(`messaging.customer.languages.${companyLanguage}`) })
              : t('messaging.customer.companyLanguage')}
          </em>
        </MenuItem>
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
