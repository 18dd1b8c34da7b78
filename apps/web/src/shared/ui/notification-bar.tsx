import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { closeNotification, useNotification } from '../lib/notification-store';

/** The notification bar (docs/product/specification.md section 3): bottom-left, stays until closed unless an auto-hide is set. */
export function NotificationBar() {
  const notification = useNotification();
  const handleClose = () => closeNotification();
  return (
    <Snackbar
      open={notification.open}
      anchorOrigin={notification.anchorOrigin}
      autoHideDuration={notification.autoHideDuration}
      onClose={handleClose}
      message={notification.variant === 'default' ? notification.message : undefined}
    >
      {notification.variant === 'alert' ? (
        <Alert severity={notification.severity} variant={notification.alertVariant} onClose={notification.close ? handleClose : undefined}>
          {notification.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
