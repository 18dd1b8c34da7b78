import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../lib/form-errors';
import { useUnsavedChanges } from './use-unsaved-changes';

/**
 * The save cycle of a record form (docs/product/screens.md): submit through the form's zod resolver, a 400 on
 * its fields (the rest as `formError`, 'Unknown error' when nothing better), the unsaved-changes
 * guard, and after a success the form is clean again and may be left at once, then `onSaved`
 * runs (toast, navigation). Render `<UnsavedChangesDialog blocker={blocker} />` with it.
 */
/** What a record form's frame needs of `useRecordForm` (`shared/ui/record-form-frame.tsx`). */
export type RecordFormState = ReturnType<typeof useRecordForm>;

export function useRecordForm<TValues extends FieldValues, TOutput, TResult>({
  form,
  fields,
  save,
  onSaved,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Field names a server 400 may name (the form's schema keys). */
  fields: readonly string[];
  save(values: TOutput): Promise<TResult>;
  onSaved(result: TResult): void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { blocker, allowNextNavigation } = useUnsavedChanges(form.formState.isDirty);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await save(values);
      allowNextNavigation();
      form.reset(form.getValues());
      onSaved(result);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields, t));
    }
  });

  return { handleSubmit, formError, blocker, isSaving: form.formState.isSubmitting };
}
