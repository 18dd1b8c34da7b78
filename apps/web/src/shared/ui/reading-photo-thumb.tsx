import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageUrl } from './auth-image';

/**
 * A reading's photo in a history or an invoice: a thumbnail that opens the picture large in a
 * dialog. Fetched with the user's token (`auth-image.tsx`); nothing without a photo. `isDeferred`
 * (a long list on a phone's data plan) shows a camera icon and fetches only when opened.
 */
export function ReadingPhotoThumb({
  url,
  size = 40,
  isDeferred = false,
  sx,
}: {
  url: string | null;
  size?: number;
  isDeferred?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const imageUrl = useImageUrl(isDeferred && !isOpen ? null : url);
  if (!url) return null;
  return (
    <>
      <ButtonBase
        aria-label={t('counters.photo.show')}
        onClick={(event) => {
          // Inside a clickable row or card: the photo opens, the row does not.
          event.stopPropagation();
          setOpen(true);
        }}
        sx={[
          { width: size, height: size, flexShrink: 0, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {imageUrl ? (
          <Box component="img" src={imageUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <PhotoCameraOutlined fontSize="small" color="action" aria-hidden />
        )}
      </ButtonBase>
      <Dialog open={isOpen} onClose={() => setOpen(false)} maxWidth="md" onClick={(event) => event.stopPropagation()}>
        <DialogContent sx={{ p: 1 }}>
          {imageUrl ? (
            <Box
              component="img"
              src={imageUrl}
              alt={t('counters.photo.alt')}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '80vh', mx: 'auto' }}
            />
          ) : (
            <Typography sx={{ p: 2 }}>{t('counters.photo.unavailable')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('counters.photo.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
