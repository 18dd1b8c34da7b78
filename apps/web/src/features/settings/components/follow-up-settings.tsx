import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Config } from '@meterline/contract/config';
import { LATE_FEE_KINDS } from '@meterline/contract/config-values';
import { formatMoney } from '@meterline/contract/money-format';
import type { ReminderLanguage } from '@meterline/contract/overdue';
import { DEFAULT_REMINDER_TEMPLATES, REMINDER_LANGUAGES, renderReminder } from '@meterline/contract/reminder-texts';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format-date';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { stripBidiMarks } from '../../../shared/ui/money';
import { grid, Section } from './settings-section';

/** The late fee and the overdue reminders (docs/billing.md, docs/accounts.md), as fields of the settings form. */
export interface FollowUpValues {
  late_fee_kind: Config['late_fee_kind'];
  late_fee_value: string;
  late_fee_after_days: string;
  reminder_language: ReminderLanguage;
  reminder_template_en: string;
  reminder_template_ar: string;
  disconnection_after_days: string;
}

export const FOLLOW_UP_FIELDS = [
  'late_fee_kind',
  'late_fee_value',
  'late_fee_after_days',
  'reminder_language',
  'reminder_template_en',
  'reminder_template_ar',
  'disconnection_after_days',
] as const satisfies readonly (keyof FollowUpValues)[];

export function followUpValuesOf(config: Config): FollowUpValues {
  return {
    late_fee_kind: config.late_fee_kind,
    late_fee_value: config.late_fee_value,
    late_fee_after_days: String(config.late_fee_after_days),
    reminder_language: config.reminder_language,
    reminder_template_en: config.reminder_template_en,
    reminder_template_ar: config.reminder_template_ar,
    disconnection_after_days: String(config.disconnection_after_days),
  };
}

/** What a template gives for a sample customer, in its own language. */
function TemplatePreview({
  control,
  language,
  currency,
}: {
  control: Control<FollowUpValues>;
  language: ReminderLanguage;
  currency: string;
}) {
  const { t } = useTranslation();
  const template = useWatch({ control, name: language === 'ar' ? 'reminder_template_ar' : 'reminder_template_en' });
  const text = renderReminder(template.trim() || DEFAULT_REMINDER_TEMPLATES[language], {
    name: t('followUpSettings.sampleName'),
    amount: stripBidiMarks(formatMoney('45', currency, language)),
    due_date: formatDate('2026-08-16', language),
    days: language === 'ar' ? '٤٦' : '46',
    company: '',
  });
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5, overflowWrap: 'anywhere' }}>
      {t('followUpSettings.preview')}:{' '}
      {/* The message as the customer receives it (its digits are the reminder's, not the user's choice). */}
      <bdi dir={language === 'ar' ? 'rtl' : 'ltr'} data-verbatim="">
        {text}
      </bdi>
    </Typography>
  );
}

/**
 * The "Late fee" and "Overdue reminders" sections of the settings form: their own component so
 * the settings form only spreads their values and fields.
 */
export function FollowUpSettingsSections<T extends FollowUpValues, TOutput extends FieldValues>({
  control,
  currency,
  disabled,
}: {
  control: Control<T, unknown, TOutput>;
  currency: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const fields = control as unknown as Control<FollowUpValues>;
  const kind = useWatch({ control: fields, name: 'late_fee_kind' });
  return (
    <>
      <Section title={t('followUpSettings.lateFeeSection')}>
        <Box sx={grid}>
          <FormTextField
            control={fields}
            name="late_fee_kind"
            select
            label={t('followUpSettings.lateFeeKind')}
            helperText={t('followUpSettings.lateFeeKindHelp')}
            disabled={disabled}
          >
            {LATE_FEE_KINDS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`followUpSettings.lateFeeKinds.${value}`)}
              </MenuItem>
            ))}
          </FormTextField>
          {/* No late fee: nothing to set (greyed-out fields would only be hard to read). */}
          {kind !== 'none' && (
            <>
              <NumericTextField
                control={fields}
                name="late_fee_value"
                label={t('followUpSettings.lateFeeValue')}
                helperText={t('followUpSettings.lateFeeValueHelp')}
                disabled={disabled}
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">{kind === 'percent' ? '%' : currency}</InputAdornment> },
                }}
              />
              <NumericTextField
                control={fields}
                name="late_fee_after_days"
                isInteger
                label={t('followUpSettings.lateFeeAfterDays')}
                helperText={t('followUpSettings.lateFeeAfterDaysHelp')}
                disabled={disabled}
              />
            </>
          )}
        </Box>
      </Section>
      <Section title={t('followUpSettings.remindersSection')}>
        <Box sx={grid}>
          <FormTextField
            control={fields}
            name="reminder_language"
            select
            label={t('followUpSettings.reminderLanguage')}
            helperText={t('followUpSettings.reminderLanguageHelp')}
            disabled={disabled}
          >
            {REMINDER_LANGUAGES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`followUpSettings.languages.${value}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <NumericTextField
            control={fields}
            name="disconnection_after_days"
            isInteger
            label={t('followUpSettings.disconnectionAfterDays')}
            helperText={t('followUpSettings.disconnectionAfterDaysHelp')}
            disabled={disabled}
          />
          {(['en', 'ar'] as const).map((language) => (
            <Box key={language} sx={{ display: 'grid', gap: 2.5, gridColumn: { md: '1 / -1' } }}>
              <FormTextField
                control={fields}
                name={language === 'ar' ? 'reminder_template_ar' : 'reminder_template_en'}
                label={t(language === 'ar' ? 'followUpSettings.templateAr' : 'followUpSettings.templateEn')}
                helperText={t('followUpSettings.templateHelp')}
                disabled={disabled}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { dir: language === 'ar' ? 'rtl' : 'ltr', lang: language } }}
              />
              <TemplatePreview control={fields} language={language} currency={currency} />
            </Box>
          ))}
        </Box>
      </Section>
    </>
  );
}
