import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * The end of a record form: Cancel (back to `cancelTo`) and the submit button, right-aligned;
 * on phones stacked full width with the submit button on top, under the thumb.
 */
export function FormActions({ cancelTo, isSaving, submitLabel }: { cancelTo: string; isSaving: boolean; submitLabel: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
      <Button component={RouterLink} to={cancelTo} disabled={isSaving}>
        {t('forms.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={isSaving}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
