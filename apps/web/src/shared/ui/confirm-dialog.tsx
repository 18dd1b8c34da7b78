import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useContext, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogExitedContext } from './kept-dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** What will happen, in words; put amounts in with `<Money>` so they stay isolated in Arabic. */
  description: ReactNode;
  /** The action itself ("Block client"), never a bare "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for what cannot be undone or takes access away. */
  confirmColor?: 'primary' | 'error' | 'warning';
  /** While the action runs: the confirm button spins, nothing else can be pressed, the dialog stays. */
  isBusy?: boolean;
  /** Off while the dialog's fields are not valid yet (a reason still empty). */
  isConfirmDisabled?: boolean;
  /** Dialogs with fields focus their first field instead of the confirm button. */
  isConfirmAutoFocused?: boolean;
  onConfirm(): void;
  onClose(): void;
  /** Fields the action needs (a reason, an amount), under the description. */
  children?: ReactNode;
}

/**
 * The confirmation of docs/product/screens.md for actions that move money or cannot be undone. It
 * comes and goes with the theme's dialog transition (`MuiDialog` in shared/lib/theme.ts).
 */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  cancelLabel,
  confirmColor = 'primary',
  isBusy = false,
  isConfirmDisabled = false,
  isConfirmAutoFocused = true,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  // Kept by the page until it has faded out (`KeptDialog`); the transition itself is the theme's.
  const onExited = useContext(DialogExitedContext);
  return (
    <Dialog
      open={isOpen}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
      slotProps={onExited ? { transition: { onExited } } : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} component="div">
          {description}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isBusy}>
          {cancelLabel ?? t('forms.cancel')}
        </Button>
        <Button
          variant="contained"
          color={confirmColor}
          onClick={onConfirm}
          loading={isBusy}
          disabled={isConfirmDisabled}
          autoFocus={isConfirmAutoFocused}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
