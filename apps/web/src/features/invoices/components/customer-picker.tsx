import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Customer } from '@meterline/contract/customers';
import { normalizeDigits } from '@meterline/contract/digits';
import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerOptions } from '../api/get-customer-options';
import { CodeText } from '../../../shared/ui/code-text';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Whether a customer still matches what is typed (name, code or phone contains it, in either digit
 * system). Used only on the rows of an earlier search while the new one is on its way: they shrink to
 * the ones that fit instead of staying clickable, so the row under the finger is never another customer.
 */
export function matchesTyped(customer: Pick<Customer, 'full_name' | 'code' | 'phone'>, typed: string): boolean {
  const needle = normalizeDigits(typed).toLocaleLowerCase();
  if (!needle) return true;
  return [customer.full_name, customer.code, customer.phone ?? ''].some((field) =>
    normalizeDigits(field).toLocaleLowerCase().includes(needle),
  );
}

/** Finds a customer by name, code or phone as one types (the first 20 matches of the API's search). */
export function CustomerPicker({
  serviceId,
  value,
  onChange,
  label,
  size = 'medium',
  error,
  helperText,
  required = false,
  minWidth,
  inputRef,
}: {
  serviceId: number | undefined;
  value: Customer | null;
  onChange(customer: Customer | null): void;
  label: string;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
  required?: boolean;
  minWidth?: number;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [inputText, setInputText] = useState('');
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(inputText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [inputText]);
  // While a chosen customer's name is in the box, list everyone again rather than only that name.
  const searchText = value && search === value.full_name ? '' : search;
  const options = useCustomerOptions(serviceId, searchText, { isEnabled: isOpen });
  // The rows on screen answer an earlier search while the typed text waits for its debounce or its answer.
  const isStale = options.isPlaceholderData || search.trim() !== inputText.trim();
  const typed = value && inputText === value.full_name ? '' : inputText;
  const choices = (options.data ?? []).filter((customer) => !isStale || matchesTyped(customer, typed));

  return (
    <Autocomplete<Customer>
      open={isOpen}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, customer) => onChange(customer)}
      inputValue={inputText}
      onInputChange={(_event, text) => setInputText(text)}
      options={value && !choices.some((customer) => customer.id === value.id) ? [value, ...choices] : choices}
      filterOptions={(items) => items}
      getOptionLabel={(customer) => customer.full_name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={options.isFetching || (isStale && choices.length === 0)}
      loadingText={t('app.loading')}
      noOptionsText={t('invoices.picker.noCustomers')}
      size={size}
      sx={minWidth ? { width: { xs: '100%', sm: minWidth } } : { minWidth: { xs: '100%', sm: 260 } }}
      renderOption={({ key, ...props }, customer) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block' }}>
              <bdi>{customer.full_name}</bdi>
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              <CodeText value={customer.code} />
              {customer.phone ? ' · ' : ''}
              {customer.phone && <CodeText value={customer.phone} />}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          placeholder={t('invoices.picker.customerHint')}
        />
      )}
    />
  );
}
