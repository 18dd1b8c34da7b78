import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../hooks/use-toast';
import { errorMessageOf } from '../lib/form-errors';
import { ConfirmDialog } from './confirm-dialog';
import { CopyButton } from './copy-button';

/**
 * "Reset password" for a staff member (docs/product/specification.md section 2's reset-password dialog): asks first, then
 * shows the new password (`np`) once, with a copy button. Closing forgets it. A failure says the
 * server's detail, else 'Password reset failed. Please try again later.' (docs/product/specification.md section 8).
 */
export function ResetPasswordButton({ userName, onReset }: { userName: string; onReset(): Promise<{ np: string }> }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const titleId = useId();

  const handleConfirm = async () => {
    setBusy(true);
    try {
      const { np } = await onReset();
      setConfirmOpen(false);
      setNewPassword(np);
    } catch (error) {
      setConfirmOpen(false);
      showToast(errorMessageOf(error, t, t('users.resetPassword.failed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<LockResetOutlined />} onClick={() => setConfirmOpen(true)}>
        {t('users.actions.resetPassword')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        title={t('users.resetPassword.title', { name: userName })}
        description={t('users.resetPassword.text', { name: userName })}
        confirmLabel={t('users.resetPassword.confirm')}
        confirmColor="warning"
        isBusy={isBusy}
        onConfirm={() => void handleConfirm()}
        onClose={() => setConfirmOpen(false)}
      />
      <Dialog open={newPassword !== null} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('users.resetPassword.resultTitle', { name: userName })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('users.resetPassword.resultText', { name: userName })}</Alert>
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('users.resetPassword.label')}
              </Typography>
              <Typography
                data-testid="new-password"
                dir="ltr"
                sx={{
                  fontFamily: 'ui-monospace, monospace',
                  fontSize: 22,
                  fontWeight: 600,
                  letterSpacing: 1,
                  overflowWrap: 'anywhere',
                  userSelect: 'all',
                }}
              >
                {newPassword}
              </Typography>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          {newPassword && <CopyButton text={newPassword} />}
          <Button variant="contained" onClick={() => setNewPassword(null)}>
            {t('users.resetPassword.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
