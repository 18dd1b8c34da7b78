import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { quantityOfName } from '@meterline/contract/display-format';
import { formatName, localizeNumbers, nameRun } from '../lib/format-number';
import { useFormReadOnly } from './form-read-only';

/** What an empty field shows in the read view, in either language (docs/web.md, "Record pages and forms"). */
export const EMPTY_READ_VALUE = '—';

/** The dash in the labels' colour: muted, yet readable (4.5:1) in both modes. */
const MUTED = 'text.secondary';

/**
 * The dash of a text input is its placeholder, shown at the muted colour (MUI fades placeholders
 * further). The prefixed selectors, as MUI's InputBase writes them: stylis lifts a plain
 * `::placeholder` into prefixed copies, which breaks under the right-to-left plugin (Arabic crashed).
 */
const PLACEHOLDER_SHOWN = { color: MUTED, opacity: 1 };
const PLACEHOLDER_AS_VALUE = {
  '& .MuiInputBase-input::-webkit-input-placeholder': PLACEHOLDER_SHOWN,
  '& .MuiInputBase-input::-moz-placeholder': PLACEHOLDER_SHOWN,
};

type SlotProps = NonNullable<TextFieldProps['slotProps']>;

/** An object slot's props, or none: the shared fields pass objects, never callbacks. */
function slot(props: SlotProps, name: keyof SlotProps): object {
  const value = props[name];
  return typeof value === 'object' && value !== null ? value : {};
}

/**
 * The slots an empty field adds in the read view: its label shrunk into its place above the outline
 * (an unshrunk label sat where the value would, and read as the value) and a muted dash instead of a
 * value. Only what shows changes: the value stays empty.
 */
function emptyReadViewSlots(slotProps: SlotProps, isSelect: boolean): SlotProps {
  if (isSelect) {
    const renderDash = () => (
      <Box component="span" sx={{ color: MUTED }}>
        {EMPTY_READ_VALUE}
      </Box>
    );
    return {
      ...slotProps,
      inputLabel: { ...slot(slotProps, 'inputLabel'), shrink: true },
      select: { ...slot(slotProps, 'select'), displayEmpty: true, renderValue: renderDash },
    };
  }
  return {
    ...slotProps,
    inputLabel: { ...slot(slotProps, 'inputLabel'), shrink: true },
    htmlInput: { ...slot(slotProps, 'htmlInput'), placeholder: EMPTY_READ_VALUE },
  };
}

/**
 * How a stored value's digits show in the read view (docs/web.md, "Digits"):
 * `text` (the default: a floor, a name, an address) in the user's digits, each digit group kept in
 * its order and a code word ("4A") kept (`nameRun`); `number` (a decimal string) in the user's digits
 * and decimal separator; `verbatim` (a code, a phone, a user name, a slug: identifiers typed as they
 * are) as stored, like `<CodeText>`. E-mails, URLs, passwords, phones (`type="tel"`) and any text
 * input written left to right (`dir="ltr"`: a customer's or a station's code) are always verbatim. Editable, every field shows what is stored (or typed).
 */
export type ReadViewDigits = 'text' | 'number' | 'verbatim';

const VERBATIM_TYPES = new Set(['email', 'url', 'password', 'tel']);

function shownInReadView(value: string, digits: ReadViewDigits, language: string): string {
  if (digits === 'number') return localizeNumbers(value, language);
  // A name that is a quantity ("10 A") isolated left to right, or the right-to-left input flips it to "A 10".
  return quantityOfName(value) ? formatName(value, language) : nameRun(value, language);
}

/**
 * The MUI TextField of the shared form fields (`FormTextField` and the fields on it, `MonthField`,
 * `AddressPickers`, the date fields' read view). Inside `<FormReadOnly isReadOnly>` an empty one
 * shows its label above the outline and a muted "—" where a value would be, and a filled text
 * input shows its value in the user's digits (`readViewDigits`); the form's value is never changed.
 * Editable, it is MUI's TextField as it is.
 */
export function RecordTextField({ readViewDigits = 'text', ...props }: TextFieldProps & { readViewDigits?: ReadViewDigits }) {
  const { i18n } = useTranslation();
  const isReadOnly = useFormReadOnly();
  if (!isReadOnly) return <TextField {...props} />;
  const { value } = props;
  if (value === '' || value === null || value === undefined) {
    return (
      <TextField
        {...props}
        slotProps={emptyReadViewSlots(props.slotProps ?? {}, Boolean(props.select))}
        sx={[PLACEHOLDER_AS_VALUE, ...(Array.isArray(props.sx) ? props.sx : props.sx === undefined ? [] : [props.sx])]}
      />
    );
  }
  // An input written left to right (a code, a national id) holds an identifier: shown as stored, like `<CodeText>`.
  const isLtrIdentifier = readViewDigits === 'text' && (props.slotProps?.htmlInput as { dir?: string } | undefined)?.dir === 'ltr';
  const isVerbatim =
    props.select || typeof value !== 'string' || readViewDigits === 'verbatim' || isLtrIdentifier || VERBATIM_TYPES.has(props.type ?? '');
  return <TextField {...props} value={isVerbatim ? value : shownInReadView(value, readViewDigits, i18n.language)} />;
}
