import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { RecordFormState } from '../hooks/use-record-form';
import { FormActions } from './form-actions';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

/**
 * The frame of a record form (`useRecordForm`): the outlined form, its alert above the fields,
 * Cancel and the submit button at the end (`actions`; none for a read-only form) and the
 * unsaved-changes guard.
 */
export function RecordFormFrame({
  record,
  actions,
  children,
}: {
  record: RecordFormState;
  actions?: { cancelTo: string; submitLabel: ReactNode };
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
      <Stack spacing={2.5}>
        {record.formError && (
          <Alert severity="error" role="alert">
            {record.formError}
          </Alert>
        )}
        {children}
        {actions && <FormActions cancelTo={actions.cancelTo} isSaving={record.isSaving} submitLabel={actions.submitLabel} />}
      </Stack>
      <UnsavedChangesDialog blocker={record.blocker} />
    </Paper>
  );
}
