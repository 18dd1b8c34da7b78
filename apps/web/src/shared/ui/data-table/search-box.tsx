import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEARCH_DEBOUNCE_MS = 300;

/** Types immediately, searches after a short pause; the URL gets the text (replacing the entry). */
export function SearchBox({ value, onSearch, isFetching }: { value: string; onSearch(value: string): void; isFetching: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // The URL changed from outside (Back, "Clear filters"): show it.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextField
      type="search"
      size="small"
      label={t('dataTable.search')}
      fullWidth={false}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ flex: { xs: '1 1 auto', sm: '0 0 260px' }, minWidth: 0 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              {/* The search (or a filter) runs: the rows below are the previous ones until it answers. */}
              {isFetching || text !== value ? (
                <CircularProgress size={18} aria-label={t('dataTable.loading')} />
              ) : (
                <SearchOutlined fontSize="small" />
              )}
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={t('dataTable.clearSearch')} onClick={() => setText('')}>
                <ClearOutlined fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
