import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs, { type Dayjs } from 'dayjs';
import arabic from 'dayjs/locale/ar';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Time zones (the pickers show the tenant's), and the `ar` locale's Arabic-Indic digits, which
// dayjs writes through the locale's postformat only with `preParsePostFormat`.
dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(preParsePostFormat);

// Arabic read in Western digits (a user's `digits: 'latn'`, docs/web.md "Digits"): the `ar` locale's words
// without its digit conversion. `dayjsLocale` in format-number.ts picks `ar` or `ar-latn`.
dayjs.locale(
  { ...arabic, name: 'ar-latn', preparse: (text: string) => text, postformat: (text: string) => text } as typeof arabic,
  undefined,
  true,
);

/** What the `ar` locale's preparse does: Arabic-Indic digits and the Arabic comma back to ASCII. */
function toAscii(text: string): string {
  return text.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace(/،/g, ',');
}

/**
 * MUI's dayjs adapter, with a strict parse that survives Arabic: the field hands over its text in
 * Arabic-Indic digits, which dayjs's parse does not read, and dayjs's strict mode compares the
 * date written back (through the locale's postformat) with the text: every date typed or stepped
 * in Arabic was invalid. Here both sides are read in ASCII digits.
 */
export class PickersAdapter extends AdapterDayjs {
  override parse = (value: string, format: string): Dayjs | null => {
    if (value === '') return null;
    const text = toAscii(value);
    const parsed = dayjs(text, format, this.locale);
    return parsed.isValid() && toAscii(parsed.format(format)) === text ? parsed : dayjs('invalid');
  };
}

export { dayjs };
