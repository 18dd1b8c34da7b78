import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { shrinkPhoto } from '../lib/shrink-photo';

export interface ReadingPhotoHandle {
  /** Opens the camera (or the file picker where there is none). */
  open(): void;
}

/**
 * The meter's photo of a reading (docs/billing.md, "A reading's photo"): the phone's back camera
 * (`capture="environment"`), the picture shrunk in the browser to at most 200 KB of JPEG and held as
 * base64 (`value`), which the save sends with the reading, queued with it when offline.
 */
export function ReadingPhotoField({
  value,
  onChange,
  isDisabled,
  isRecommended,
  ref,
}: {
  value: string | null;
  onChange(photo: string | null): void;
  isDisabled: boolean;
  /** An unusual reading: the field says a photo is recommended. */
  isRecommended: boolean;
  ref?: Ref<ReadingPhotoHandle>;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isPreparing, setPreparing] = useState(false);
  const [isUnreadable, setUnreadable] = useState(false);
  useImperativeHandle(ref, () => ({ open: () => inputRef.current?.click() }), []);

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPreparing(true);
    try {
      const photo = await shrinkPhoto(file);
      setUnreadable(photo === null);
      if (photo) onChange(photo);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Box sx={{ mt: 2.5 }}>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="reading-photo-input"
        onChange={(event) => void handleChange(event)}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {value && (
          <Box
            component="img"
            src={`data:image/jpeg;base64,${value}`}
            alt={t('counters.photo.alt')}
            sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
          <Button
            variant={isRecommended && !value ? 'contained' : 'outlined'}
            color={isRecommended && !value ? 'warning' : 'primary'}
            startIcon={<PhotoCameraOutlined />}
            loading={isPreparing}
            disabled={isDisabled}
            onClick={() => inputRef.current?.click()}
          >
            {value ? t('counters.photo.retake') : t('counters.photo.take')}
          </Button>
          {value && (
            <Button onClick={() => onChange(null)} disabled={isDisabled || isPreparing}>
              {t('counters.photo.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      {isUnreadable && <FormHelperText error>{t('counters.photo.unreadable')}</FormHelperText>}
      {isRecommended && !value && !isUnreadable && <FormHelperText>{t('counters.photo.recommended')}</FormHelperText>}
    </Box>
  );
}

/**
 * The warning of an unusual reading (a 400 `reading_implausible`): the figures, "Add a photo" while
 * none is attached, and "Save anyway", which sends the reading confirmed (with or without a photo).
 */
export function UnusualReadingAlert({
  text,
  hasPhoto,
  isSaving,
  onAddPhoto,
  onSaveAnyway,
}: {
  text: string;
  hasPhoto: boolean;
  isSaving: boolean;
  onAddPhoto(): void;
  onSaveAnyway(): void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Stack spacing={0.5}>
          {!hasPhoto && (
            <Button color="inherit" size="small" disabled={isSaving} onClick={onAddPhoto}>
              {t('counters.photo.add')}
            </Button>
          )}
          <Button color="inherit" size="small" disabled={isSaving} onClick={onSaveAnyway}>
            {t('counters.actions.saveAnyway')}
          </Button>
        </Stack>
      }
    >
      {text}
      {!hasPhoto && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('counters.photo.recommended')}
        </Typography>
      )}
    </Alert>
  );
}
