import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@meterline/contract/config-values';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { useImageUrl } from '../../../shared/ui/auth-image';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useDeleteLogo } from '../api/delete-logo';

const logoFrame = {
  width: 160,
  height: 96,
  flexShrink: 0,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: '#fff',
  display: 'grid',
  placeItems: 'center',
  overflow: 'hidden',
} as const;

/** The chosen file's preview, as an object URL revoked when the file changes or the form goes. */
function usePreviewUrl(file: File | null): string | null {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return previewUrl;
}

/**
 * The tenant's logo in the settings form: the saved one or the chosen file's preview. A chosen
 * file waits for the form's save (`file`, held by the form); removing the saved logo is its own
 * call (`DELETE /config/logo/`), after a confirmation.
 */
export function SettingsLogo({
  savedLogo,
  file,
  onFileChange,
  error,
  onErrorChange,
  disabled,
}: {
  savedLogo: string | null;
  file: File | null;
  onFileChange(file: File | null): void;
  error: string | null;
  onErrorChange(error: string | null): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const deleteLogo = useDeleteLogo();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  const previewUrl = usePreviewUrl(file);
  // The saved logo is served with the user's token only (docs/security.md).
  const savedUrl = useImageUrl(savedLogo);
  const shownLogo = previewUrl ?? savedUrl;

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    // The server checks the content; this only spares a pointless upload.
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(chosen.type)) return onErrorChange(t('forms.messages.logoType'));
    if (chosen.size > LOGO_MAX_BYTES) return onErrorChange(t('forms.messages.logoTooLarge'));
    onErrorChange(null);
    onFileChange(chosen);
  };

  const handleRemoveConfirm = async () => {
    try {
      await deleteLogo.mutateAsync();
      showToast(t('settings.logo.removed'), { variant: 'success' });
    } catch (removeError) {
      showToast(errorMessageOf(removeError, t), { variant: 'error' });
    } finally {
      setRemoveOpen(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
      <Box sx={logoFrame}>
        {shownLogo ? (
          <img src={shownLogo} alt={t('settings.logo.preview')} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <ImageOutlined aria-hidden sx={{ fontSize: 40, color: 'grey.500' }} />
        )}
      </Box>
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>{t('settings.logo.label')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {file ? t('settings.logo.pending', { name: file.name }) : t('settings.logo.help')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => fileInputRef.current?.click()} disabled={disabled}>
            {savedLogo || file ? t('settings.logo.replace') : t('settings.logo.choose')}
          </Button>
          {file && (
            <Button onClick={() => onFileChange(null)} disabled={disabled}>
              {t('settings.logo.keepCurrent')}
            </Button>
          )}
          {!file && savedLogo && (
            <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setRemoveOpen(true)} disabled={disabled}>
              {t('settings.logo.remove')}
            </Button>
          )}
        </Stack>
        {error && <FormHelperText error>{error}</FormHelperText>}
        <input
          ref={fileInputRef}
          type="file"
          accept={LOGO_CONTENT_TYPES.join(',')}
          hidden
          aria-label={t('settings.logo.choose')}
          data-testid="logo-input"
          onChange={handleFileChange}
        />
      </Stack>
      <ConfirmDialog
        isOpen={isRemoveOpen}
        title={t('settings.logo.removeTitle')}
        description={t('settings.logo.removeText')}
        confirmLabel={t('settings.logo.remove')}
        confirmColor="error"
        isBusy={deleteLogo.isPending}
        onConfirm={() => void handleRemoveConfirm()}
        onClose={() => setRemoveOpen(false)}
      />
    </Stack>
  );
}
