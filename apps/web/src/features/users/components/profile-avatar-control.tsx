import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ERROR_CODES } from '@meterline/contract/error-codes';
import { type Me } from '@meterline/contract/users';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@meterline/contract/avatar-limits';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { errorMessageOf, messageOfCode } from '../../../shared/lib/form-errors';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { useDeleteAvatar, useUploadAvatar } from '../api/upload-avatar';

/**
 * Own picture (docs/security.md, "Uploaded pictures"): the current one, "Upload a picture" (sent at once, checked by
 * content on the server) and "Remove". The header's avatar follows through the session.
 */
export function ProfileAvatarControl({ user }: { user: Me }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const isBusy = upload.isPending || remove.isPending;
  // The superadmin has no client database to keep a file in (the server answers avatar_no_tenant).
  const canUpload = user.tenant !== null;

  const handleFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    // The server checks the content; this only spares a pointless upload.
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      return setError(messageOfCode(ERROR_CODES.avatarType, t) ?? null);
    }
    if (file.size > AVATAR_MAX_BYTES) {
      return setError(messageOfCode(ERROR_CODES.avatarTooLarge, t, { max: AVATAR_MAX_BYTES / (1024 * 1024) }) ?? null);
    }
    setError(null);
    try {
      await upload.mutateAsync(file);
      showToast(t('profile.avatar.uploaded'), { variant: 'success' });
    } catch (failure) {
      setError(errorMessageOf(failure, t, t('profile.failed')));
    }
  };

  const handleRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      showToast(t('profile.avatar.removed'), { variant: 'success' });
    } catch (failure) {
      setError(errorMessageOf(failure, t, t('profile.failed')));
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <UserAvatar firstName={user.first_name} lastName={user.last_name} avatar={user.avatar} size={72} />
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>{t('profile.avatar.label')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {canUpload ? t('profile.avatar.help') : t('profile.avatar.noTenant')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canUpload && (
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              onClick={() => inputRef.current?.click()}
              loading={upload.isPending}
              disabled={isBusy}
            >
              {t('profile.avatar.upload')}
            </Button>
          )}
          {user.avatar && (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => void handleRemove()}
              loading={remove.isPending}
              disabled={isBusy}
            >
              {t('profile.avatar.remove')}
            </Button>
          )}
        </Stack>
        {error && (
          <FormHelperText error role="alert">
            {error}
          </FormHelperText>
        )}
        {canUpload && (
          <input
            ref={inputRef}
            type="file"
            accept={AVATAR_CONTENT_TYPES.join(',')}
            hidden
            aria-label={t('profile.avatar.upload')}
            data-testid="avatar-input"
            onChange={(event) => void handleFileChange(event)}
          />
        )}
      </Stack>
    </Stack>
  );
}
