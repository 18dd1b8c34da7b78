import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../hooks/use-toast';
import { ApiError } from '../lib/api-client';
import { errorMessageOf } from '../lib/form-errors';
import { ConfirmDialog } from './confirm-dialog';

/**
 * "Delete" with a confirmation that names the record. A 409 `protected` (the record is in use)
 * keeps the dialog open with `inUseMessage`, which says what to do instead; other failures show
 * their message there too. Success toasts `deletedMessage` and calls `onDeleted`.
 */
export function DeleteRecordButton({
  label,
  title,
  description,
  inUseMessage,
  inUseCode = 'protected',
  deletedMessage,
  onDelete,
  onDeleted,
}: {
  label: string;
  title: string;
  description: ReactNode;
  inUseMessage: string;
  /** The 409 code that means "in use" (`protected`, or e.g. `tariff_in_use`). */
  inUseCode?: string;
  deletedMessage: string;
  onDelete(): Promise<unknown>;
  onDeleted(): void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleConfirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onDelete();
      setOpen(false);
      showToast(deletedMessage, { variant: 'success' });
      onDeleted();
    } catch (error) {
      setFailure(error instanceof ApiError && error.status === 409 && error.code === inUseCode ? inUseMessage : errorMessageOf(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={title}
        description={description}
        confirmLabel={label}
        confirmColor="error"
        isBusy={isBusy}
        onConfirm={() => void handleConfirm()}
        onClose={() => {
          setOpen(false);
          setFailure(null);
        }}
      >
        {failure && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
