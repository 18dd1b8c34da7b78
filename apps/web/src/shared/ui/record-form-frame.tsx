import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { RecordFormState } from '../hooks/use-record-form';
import { FormActions } from './form-actions';
import { FormReadOnly } from './form-read-only';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

/**
 * The frame of a record form (`useRecordForm`): the outlined form, its alert above the fields, the
 * fields read-only in the record's read view or for a role that may only look (`isReadOnly`), the
 * actions at the end (`actions`: Edit, then Cancel and the submit button; none for a role that may
 * only look) and the unsaved-changes guard.
 */
export function RecordFormFrame({
  record,
  isReadOnly = false,
  actions,
  children,
}: {
  record: RecordFormState;
  isReadOnly?: boolean;
  actions?: { cancelTo: string; submitLabel: ReactNode; isSubmitDisabled?: boolean };
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(event) => void record.handleSubmit(event)}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <FormReadOnly isReadOnly={isReadOnly || record.editStep.isReadView}>
        <Stack spacing={2.5}>
          {record.formError && (
            <Alert severity="error" role="alert">
              {record.formError}
            </Alert>
          )}
          {children}
          {actions && (
            <FormActions
              cancelTo={actions.cancelTo}
              isSaving={record.isSaving}
              submitLabel={actions.submitLabel}
              editStep={record.editStep}
              isSubmitDisabled={actions.isSubmitDisabled}
            />
          )}
        </Stack>
      </FormReadOnly>
      <UnsavedChangesDialog blocker={record.blocker} />
    </Paper>
  );
}
