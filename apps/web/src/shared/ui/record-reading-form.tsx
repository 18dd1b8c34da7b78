import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import type { Counter, Subscription, UpdateCounterInput } from '@meterline/contract/subscriptions';
import { ERROR_CODES } from '@meterline/contract/error-codes';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, lazySchema } from '../lib/contract-resolver';
import { useRecordForm } from '../hooks/use-record-form';
import { ApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/format-date';
import { useSession } from '../lib/session';
import { DecimalText } from './decimal-text';
import { NumericTextField } from './numeric-text-field';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { DATE_IN_FUTURE, DateTimeField, isInFuture, nowIso } from './date-time-field';
import { readingDifference } from '../lib/reading-difference';
import { ReadingPhotoField, UnusualReadingAlert, type ReadingPhotoHandle } from './reading-photo-field';
import { ReadingPhotoThumb } from './reading-photo-thumb';

interface ReadingFormValues {
  counter: string;
  /** When the meter was read: now unless the collector dates a reading written down earlier. */
  taken_at: string;
}

const readingFormSchema = lazySchema(async () => {
  const { updateCounterInputSchema } = await import('@meterline/contract/subscriptions');
  return updateCounterInputSchema.superRefine((value, context) => {
    if (isInFuture(value.taken_at)) context.addIssue({ code: 'custom', path: ['taken_at'], message: DATE_IN_FUTURE });
  });
});

type Implausible = { consumption: string; limit: string; unit: string };

/** The params of a 400 `reading_implausible`, or null for any other failure. */
function implausibleOf(error: unknown): Implausible | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const data = error.data as { code?: unknown; params?: Implausible } | null;
  return data?.code === ERROR_CODES.readingImplausible && data.params ? data.params : null;
}

/** The last reading, large, with when and by whom, and the one before it. */
function LastReading({ counter, unit }: { counter: Counter; unit?: string }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession().user?.tenant?.timezone;
  return (
    <Box sx={{ p: 2, mb: 2.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('counters.lastReading')}
      </Typography>
      <Typography sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.2 }} data-testid="last-reading">
        <DecimalText value={counter.counter} unit={unit} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {counter.counter_updated_at
          ? [formatDateTime(counter.counter_updated_at, i18n.language, timeZone), counter.counter_updated_by_name]
              .filter(Boolean)
              .join(' · ')
          : t('counters.neverRead')}
      </Typography>
      {counter.previous_counter !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('counters.beforeThat')} <DecimalText value={counter.previous_counter} unit={unit} />
        </Typography>
      )}
      <ReadingPhotoThumb url={counter.photo_url} size={64} sx={{ mt: 1 }} />
    </Box>
  );
}

/**
 * The new reading of one meter: the last one large above it, what the new one adds as it is
 * typed, and the API's refusal of a lower reading on the field. The keyboard's Done key saves.
 */
export function RecordReadingForm({
  counter,
  unit,
  canReset,
  save,
  onSaved,
  onSavedNext,
  onClose,
  onResetClick,
}: {
  counter: Counter;
  unit?: string;
  canReset: boolean;
  /** Resolves null when the reading was kept on the device to be sent later (no network). */
  save(input: UpdateCounterInput): Promise<Subscription | null>;
  onSaved(subscription: Subscription | null): void;
  /** Given on a round: "Save and next" is the primary button (and the keyboard's Done key), and calls this instead of `onSaved`. */
  onSavedNext?(subscription: Subscription | null): void;
  onClose(): void;
  onResetClick(): void;
}) {
  const { t } = useTranslation();
  const form = useForm<ReadingFormValues, unknown, UpdateCounterInput>({
    defaultValues: { counter: '', taken_at: nowIso() },
    resolver: contractResolver(readingFormSchema),
  });
  // A reading above what the meter can draw is refused once; "Save anyway" sends it confirmed.
  const [implausible, setImplausible] = useState<Implausible | null>(null);
  const isConfirmedRef = useRef(false);
  // The meter's photo (base64 JPEG, shrunk on the phone), sent and queued with the reading.
  const [photo, setPhoto] = useState<string | null>(null);
  const photoRef = useRef<ReadingPhotoHandle>(null);
  const isNextRef = useRef(false);
  const saveReading = async (values: UpdateCounterInput) => {
    // Left at its default, "now" is the moment of saving (kept with a reading queued on the phone).
    const dated = form.getFieldState('taken_at').isDirty ? values : { ...values, taken_at: undefined };
    const input = photo ? { ...dated, photo } : dated;
    try {
      return await save(isConfirmedRef.current ? { ...input, confirm_unusual: true } : input);
    } catch (error) {
      setImplausible(implausibleOf(error));
      throw error;
    } finally {
      isConfirmedRef.current = false;
    }
  };
  const { handleSubmit, formError, blocker, isSaving } = useRecordForm({
    form,
    fields: ['counter', 'taken_at'],
    save: saveReading,
    onSaved: (subscription) => (isNextRef.current && onSavedNext ? onSavedNext(subscription) : onSaved(subscription)),
  });
  // The dialog's focus trap takes the focus on open: give it to the field once the sheet is there.
  const { setFocus } = form;
  useEffect(() => {
    const timer = setTimeout(() => setFocus('counter'), 100);
    return () => clearTimeout(timer);
  }, [setFocus]);
  const typed = form.watch('counter');
  useEffect(() => setImplausible(null), [typed]);
  const added = typed ? readingDifference(typed, counter.counter) : null;
  const isLower = added !== null && added.startsWith('-');
  const addedText = added !== null && !isLower ? <DecimalText value={added} unit={unit} /> : null;

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <DialogContent sx={{ pt: 1 }}>
        {formError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <LastReading counter={counter} unit={unit} />
        {implausible && (
          <UnusualReadingAlert
            text={t('counters.implausible', { ...implausible, unit: implausible.unit || unit || '' })}
            hasPhoto={photo !== null}
            isSaving={isSaving}
            onAddPhoto={() => photoRef.current?.open()}
            onSaveAnyway={() => {
              isConfirmedRef.current = true;
              void handleSubmit();
            }}
          />
        )}
        <NumericTextField
          control={form.control}
          name="counter"
          label={t('counters.newReading')}
          helperText={
            isLower ? (
              t('counters.lowerHint')
            ) : addedText ? (
              <>
                {t('counters.adds')} {addedText}
              </>
            ) : (
              t('counters.newReadingHelp')
            )
          }
          slotProps={{
            htmlInput: { enterKeyHint: 'done', style: { fontSize: '1.9rem', fontWeight: 700, paddingBlock: 14 } },
            input: { endAdornment: unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined },
            formHelperText: {
              sx: { fontSize: '0.95rem', color: isLower ? 'text.primary' : undefined, fontWeight: isLower ? 600 : undefined },
            },
          }}
        />
        <Box sx={{ mt: 2.5 }}>
          <DateTimeField
            control={form.control}
            name="taken_at"
            label={t('dateTime.takenAt')}
            notBefore={counter.counter_updated_at}
            isDisabled={isSaving}
          />
        </Box>
        <ReadingPhotoField ref={photoRef} value={photo} onChange={setPhoto} isDisabled={isSaving} isRecommended={implausible !== null} />
      </DialogContent>
      <DialogActions
        sx={{
          px: 3,
          pb: 3,
          pt: 1,
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: 'stretch',
          gap: 1.5,
          '& > *': { m: '0 !important' },
        }}
      >
        {onSavedNext && (
          // First in the form, so the keyboard's Done key saves and goes on; shown last, where the thumb is.
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isSaving}
            onClick={() => (isNextRef.current = true)}
            sx={{ minHeight: 56, fontSize: '1.1rem', minWidth: { sm: 180 }, order: 1 }}
          >
            {t('counters.actions.saveAndNext')}
          </Button>
        )}
        {canReset && (
          <Button color="error" startIcon={<RestartAltOutlined />} onClick={onResetClick} disabled={isSaving} sx={{ me: { sm: 'auto' } }}>
            {t('counters.actions.reset')}
          </Button>
        )}
        <Button onClick={onClose} disabled={isSaving} size="large">
          {t('forms.cancel')}
        </Button>
        <Button
          type="submit"
          variant={onSavedNext ? 'outlined' : 'contained'}
          size="large"
          loading={isSaving}
          onClick={() => (isNextRef.current = false)}
          sx={{ minHeight: 56, fontSize: '1.1rem', minWidth: { sm: 180 } }}
        >
          {t('counters.actions.save')}
        </Button>
      </DialogActions>
      <UnsavedChangesDialog blocker={blocker} />
    </Box>
  );
}
