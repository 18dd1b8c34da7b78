import { useCallback, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../lib/form-errors';
import { useUnsavedChanges } from './use-unsaved-changes';

/**
 * The read view of a record and "Edit" as a step (docs/web.md, "Record pages and forms"): a record page opens read-only
 * with an Edit button; Edit makes the same form editable with Cancel and Save; Cancel puts the
 * saved values back and returns to the read view, and so does a successful save. A create form
 * (`hasReadView` false) is editable from the start and its Cancel leaves the page.
 * Pass it to `FormActions` (`editStep`) and wrap the fields in `<FormReadOnly isReadOnly={isReadView || …}>`.
 */
export interface EditStep {
  /** A record page: it has a read view to return to. */
  hasReadView: boolean;
  /** Showing the record, not editing it. */
  isReadView: boolean;
  startEditing(): void;
  /** Drops the changes (back to the last saved values) and returns to the read view. */
  cancelEditing(): void;
  /** After a successful save: back to the read view. */
  finishEditing(): void;
}

/** The edit step of a form whose save cycle is its own (UserForm, TenantForm); `useRecordForm` includes it. */
export function useEditStep<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  hasReadView: boolean,
  onCancel?: () => void,
): EditStep {
  const [isEditing, setEditing] = useState(!hasReadView);
  const { reset } = form;
  const startEditing = useCallback(() => setEditing(true), []);
  const cancelEditing = useCallback(() => {
    reset();
    onCancel?.();
    setEditing(false);
  }, [reset, onCancel]);
  const finishEditing = useCallback(() => {
    if (hasReadView) setEditing(false);
  }, [hasReadView]);
  return { hasReadView, isReadView: hasReadView && !isEditing, startEditing, cancelEditing, finishEditing };
}

/**
 * The save cycle of a record form (docs/product/screens.md): submit through the form's zod resolver, a 400 on
 * its fields (the rest as `formError`, 'Unknown error' when nothing better), the unsaved-changes
 * guard, and after a success the form is clean again and may be left at once, then `onSaved`
 * runs (toast, navigation). Render `<UnsavedChangesDialog blocker={blocker} />` with it.
 * With `hasReadView` (an existing record) it starts in the read view: see `EditStep`.
 */
/** What a record form's frame needs of `useRecordForm` (`shared/ui/record-form-frame.tsx`). */
export type RecordFormState = ReturnType<typeof useRecordForm>;

export function useRecordForm<TValues extends FieldValues, TOutput, TResult>({
  form,
  fields,
  hasReadView = false,
  save,
  onSaved,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Field names a server 400 may name (the form's schema keys). */
  fields: readonly string[];
  /** An existing record: open read-only, "Edit" first. */
  hasReadView?: boolean;
  save(values: TOutput): Promise<TResult>;
  onSaved(result: TResult): void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const clearFormError = useCallback(() => setFormError(null), []);
  const editStep = useEditStep(form, hasReadView, clearFormError);
  const { blocker, allowNextNavigation } = useUnsavedChanges(form.formState.isDirty);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await save(values);
      allowNextNavigation();
      form.reset(form.getValues());
      editStep.finishEditing();
      onSaved(result);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields, t));
    }
  });

  return { handleSubmit, formError, blocker, isSaving: form.formState.isSubmitting, editStep };
}
