import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { EditStep } from '../hooks/use-record-form';

/** The first field a person can type in or choose from, inside the form around `element`. */
function firstEditableField(element: HTMLElement): HTMLElement | null {
  return (
    element
      .closest('form')
      ?.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([readonly]):not([disabled]):not([aria-hidden="true"]), textarea:not([readonly]):not([disabled]), [role="combobox"]:not([aria-disabled="true"]):not([aria-readonly="true"])',
      ) ?? null
  );
}

/**
 * The end of a record form, right-aligned; on phones stacked full width with the main button on
 * top, under the thumb. A create form: Cancel (back to `cancelTo`) and the submit button. A record
 * (`editStep.hasReadView`): "Edit" in the read view; Cancel (back to the read view) and the submit
 * button while editing. Edit moves the focus to the first field; Cancel and a save bring it back to Edit.
 */
export function FormActions({
  cancelTo,
  isSaving,
  submitLabel,
  editStep,
  isSubmitDisabled = false,
}: {
  cancelTo: string;
  isSaving: boolean;
  submitLabel: ReactNode;
  editStep?: EditStep;
  isSubmitDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const stackRef = useRef<HTMLDivElement>(null);
  const isReadView = Boolean(editStep?.isReadView);
  const previousReadView = useRef(isReadView);
  useEffect(() => {
    if (previousReadView.current === isReadView || !stackRef.current) return;
    previousReadView.current = isReadView;
    const target = isReadView ? stackRef.current.querySelector<HTMLElement>('button') : firstEditableField(stackRef.current);
    target?.focus();
  }, [isReadView]);

  return (
    <Stack ref={stackRef} direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
      {editStep && isReadView ? (
        // Its own key: the submit button that takes its place is another element, so the click never submits.
        <Button key="edit" variant="contained" startIcon={<EditOutlined />} onClick={editStep.startEditing}>
          {t('forms.edit')}
        </Button>
      ) : (
        <>
          {editStep?.hasReadView ? (
            <Button key="cancel" onClick={editStep.cancelEditing} disabled={isSaving}>
              {t('forms.cancel')}
            </Button>
          ) : (
            <Button key="leave" component={RouterLink} to={cancelTo} disabled={isSaving}>
              {t('forms.cancel')}
            </Button>
          )}
          <Button key="submit" type="submit" variant="contained" loading={isSaving} disabled={isSubmitDisabled}>
            {submitLabel}
          </Button>
        </>
      )}
    </Stack>
  );
}
