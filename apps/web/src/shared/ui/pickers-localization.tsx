import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../lib/format-number';
import { PickersAdapter } from '../lib/pickers-adapter';

// Around each picker, not in the app's providers: dayjs and the adapter stay out of the sign-in page's JS.
export /**
 * The date pickers in the app's language: dayjs's locale gives the month names, the first day of
 * the week and (Arabic) the user's digits (`ar` or `ar-latn`); the pickers' own words come from our texts.
 */
function PickersLocalization({ language, children }: { language: string; children: ReactNode }) {
  const { t } = useTranslation();
  const localeText = useMemo<Partial<PickersLocaleText>>(
    () => ({
      okButtonLabel: t('dateTime.picker.ok'),
      cancelButtonLabel: t('dateTime.picker.cancel'),
      clearButtonLabel: t('dateTime.picker.clear'),
      todayButtonLabel: t('dateTime.picker.today'),
      nextStepButtonLabel: t('dateTime.picker.next'),
      dateTimePickerToolbarTitle: t('dateTime.picker.title'),
      previousMonth: t('dateTime.picker.previousMonth'),
      nextMonth: t('dateTime.picker.nextMonth'),
      openPreviousView: t('dateTime.picker.previousView'),
      openNextView: t('dateTime.picker.nextView'),
      calendarViewSwitchingButtonAriaLabel: () => t('dateTime.picker.switchView'),
      openDatePickerDialogue: (formatted) => (formatted ? t('dateTime.picker.chosen', { value: formatted }) : t('dateTime.picker.choose')),
      selectViewText: (view) => t('dateTime.picker.select', { view: t(`dateTime.picker.views.${view}`) }),
      year: t('dateTime.picker.views.year'),
      month: t('dateTime.picker.views.month'),
      day: t('dateTime.picker.views.day'),
      hours: t('dateTime.picker.views.hours'),
      minutes: t('dateTime.picker.views.minutes'),
      seconds: t('dateTime.picker.views.seconds'),
      meridiem: t('dateTime.picker.views.meridiem'),
      empty: t('dateTime.picker.empty'),
    }),
    [t], // a new `t` when the language changes
  );
  return (
    <LocalizationProvider dateAdapter={PickersAdapter} adapterLocale={dayjsLocale(language)} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
