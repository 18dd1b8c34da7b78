import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useIdempotentWrite } from '../hooks/use-idempotency-key';
import { useSingleFlight } from '../hooks/use-single-flight';
import { contractResolver } from '../lib/contract-resolver';
import { applyServerErrors } from '../lib/form-errors';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

/** Sends a dialog's validated values with the opening's `Idempotency-Key`; a throw is shown on the form. */
export type DialogWrite<TOutput> = (values: TOutput, idempotencyKey: string) => Promise<void>;

export interface DialogFormState<TInput extends FieldValues, TOutput extends FieldValues> {
  isOpen: boolean;
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The refusal no field took (or a network failure), shown above the fields. */
  formError: string | null;
  /** Validates, then runs `write` once at a time (a second click before the first ends is ignored). */
  submit(write: DialogWrite<TOutput>): Promise<void>;
}

/**
 * The form of a dialog that writes (a money dialog, docs/ARCHITECTURE.md "Idempotent writes"):
 * react-hook-form over a contract schema, emptied to `values()` and its alert cleared at each
 * opening (`onOpen` resets the dialog's own state then), one `Idempotency-Key` per opening renewed
 * after a refusal, and a failure put on its fields (`fields`) or in the form's alert.
 * `opening` is what names one opening when it is more than `isOpen` (the payment a dialog reverses).
 */
export function useDialogForm<TInput extends FieldValues, TOutput extends FieldValues>({
  isOpen,
  opening = isOpen,
  schema,
  values,
  fields,
  onOpen,
}: {
  isOpen: boolean;
  opening?: unknown;
  schema: z.ZodType<TOutput, TInput>;
  values(): DefaultValues<TInput>;
  fields: readonly string[];
  onOpen?(): void;
}): DialogFormState<TInput, TOutput> {
  const { t } = useTranslation();
  const send = useIdempotentWrite(isOpen);
  const runOnce = useSingleFlight();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({ resolver: contractResolver(schema), defaultValues: values() });
  const [shownOpening, setShownOpening] = useState(opening);
  if (opening !== shownOpening) {
    setShownOpening(opening);
    if (isOpen) {
      form.reset(values());
      onOpen?.();
      setFormError(null);
    }
  }
  const submit = (write: DialogWrite<TOutput>) =>
    runOnce(
      form.handleSubmit(async (output) => {
        setFormError(null);
        try {
          await send((idempotencyKey) => write(output, idempotencyKey));
        } catch (error) {
          setFormError(applyServerErrors(error, form.setError, fields, t));
        }
      }),
    );
  return { isOpen, form, formError, submit };
}

/**
 * A `ConfirmDialog` holding the fields of a `useDialogForm`: the confirm button (and Enter in a
 * field, unless `isSubmittedOnEnter` is false) submits through `onSubmit`; the form's alert sits
 * above the fields.
 */
export function DialogForm<TInput extends FieldValues, TOutput extends FieldValues>({
  dialog,
  onSubmit,
  isSubmittedOnEnter = true,
  children,
  ...confirmProps
}: Omit<ConfirmDialogProps, 'isOpen' | 'onConfirm'> & {
  dialog: DialogFormState<TInput, TOutput>;
  onSubmit: DialogWrite<TOutput>;
  isSubmittedOnEnter?: boolean;
}) {
  const confirm = () => void dialog.submit(onSubmit);
  const content = (
    <>
      {dialog.formError && <Alert severity="error">{dialog.formError}</Alert>}
      {children}
    </>
  );
  return (
    <ConfirmDialog {...confirmProps} isOpen={dialog.isOpen} onConfirm={confirm}>
      {isSubmittedOnEnter ? (
        <Stack
          component="form"
          noValidate
          spacing={2}
          sx={{ mt: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {content}
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {content}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
