import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ERROR_CODES } from '@meterline/contract/error-codes';
import { normalizeDigits } from '@meterline/contract/digits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { errorMessageOf, messageOfCode } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { keepCaret } from '../../../shared/ui/form-text-field';
import { shownNumericInput } from '../../../shared/ui/numeric-text-field';
import { openDisconnectionList } from '../api/disconnection-list';

/**
 * Prints the disconnection list: customers overdue at least N days (empty: the tenant's setting),
 * in English or Arabic, with the screen's station and region filters.
 */
export function DisconnectionListDialog({
  isOpen,
  serviceId,
  initialMinDays,
  filters,
  onClose,
}: {
  isOpen: boolean;
  serviceId: number;
  /** The screen's "overdue for" filter, if any. */
  initialMinDays?: string;
  filters: { station?: string; region?: string };
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const [minDays, setMinDays] = useState(initialMinDays ?? '');
  const [language, setLanguage] = useState(i18n.language === 'ar' ? 'ar' : 'en');
  const [isPrinting, setPrinting] = useState(false);
  const isValid = minDays === '' || /^\d{1,5}$/.test(minDays);

  const handlePrint = async () => {
    setPrinting(true);
    try {
      await openDisconnectionList(serviceId, { minDays, language, ...filters });
      onClose();
    } catch (error) {
      showToast(errorMessageOf(error, t, t('overdue.disconnection.failed')), { variant: 'error' });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('overdue.disconnection.title')}
      description={t('overdue.disconnection.text')}
      confirmLabel={t('overdue.disconnection.print')}
      isBusy={isPrinting}
      isConfirmDisabled={!isValid}
      isConfirmAutoFocused={false}
      onConfirm={() => void handlePrint()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          label={t('overdue.disconnection.minDays')}
          value={shownNumericInput(minDays, i18n.language)}
          onChange={(event) => {
            const next = normalizeDigits(event.target.value).replace(/\s+/g, '');
            keepCaret(event.target, shownNumericInput(next, i18n.language));
            setMinDays(next);
          }}
          error={!isValid}
          helperText={isValid ? t('overdue.disconnection.minDaysHelp') : messageOfCode(ERROR_CODES.invalidInteger, t)}
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', autoComplete: 'off' } }}
        />
        <TextField
          select
          label={t('overdue.disconnection.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        >
          <MenuItem value="en">{t('overdue.disconnection.languages.en')}</MenuItem>
          <MenuItem value="ar">{t('overdue.disconnection.languages.ar')}</MenuItem>
        </TextField>
      </Stack>
    </ConfirmDialog>
  );
}
