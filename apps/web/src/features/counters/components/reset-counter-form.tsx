import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Counter, ResetCounterInput, Subscription } from '@meterline/contract/subscriptions';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { readingDifference } from '../../../shared/lib/reading-difference';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import type { resetFormSchema } from './reset-counter-form-schema';

const loadSchema = lazySchema(() => import('./reset-counter-form-schema').then((module) => module.resetFormSchema));
type ResetFormOutput = z.output<typeof resetFormSchema>;
const RESET_FIELDS = ['final_counter', 'counter', 'reason'];

interface ResetFormValues {
  final_counter: string;
  counter: string;
  reason: string;
}

/** Reset or replace a meter (admins, accountants): final reading, new start, reason, then a confirmation. */
export function ResetCounterForm({
  counter,
  unit,
  save,
  onSaved,
  onBack,
}: {
  counter: Counter;
  unit?: string;
  save(input: ResetCounterInput): Promise<Subscription>;
  onSaved(subscription: Subscription): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<ResetFormOutput | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetFormValues, unknown, ResetFormOutput>({
    defaultValues: { final_counter: '', counter: '0', reason: '' },
    resolver: contractResolver(loadSchema),
  });
  const unitAdornment = unit ? { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } } : undefined;

  const handleConfirm = async () => {
    if (!pending) return;
    setSaving(true);
    setFormError(null);
    try {
      const subscription = await save(pending);
      setPending(null);
      onSaved(subscription);
    } catch (error) {
      setPending(null);
      setFormError(applyServerErrors(error, form.setError, RESET_FIELDS, t));
    } finally {
      setSaving(false);
    }
  };

  const finalAdded = pending?.final_counter ? readingDifference(pending.final_counter, counter.counter) : null;

  return (
    <Box component="form" noValidate onSubmit={(event) => void form.handleSubmit((values) => setPending(values))(event)}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5}>
          <Alert severity="warning">{t('counters.reset.explain')}</Alert>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <Typography>
            {t('counters.lastReading')}{' '}
            <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.25rem' }}>
              <DecimalText value={counter.counter} unit={unit} />
            </Typography>
          </Typography>
          <NumericTextField
            control={form.control}
            name="final_counter"
            label={t('counters.reset.finalCounter')}
            helperText={t('counters.reset.finalCounterHelp')}
            slotProps={unitAdornment}
          />
          <NumericTextField
            control={form.control}
            name="counter"
            label={t('counters.reset.newCounter')}
            helperText={t('counters.reset.newCounterHelp')}
            slotProps={unitAdornment}
          />
          <FormTextField control={form.control} name="reason" label={t('counters.reset.reason')} required multiline minRows={2} />
        </Stack>
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
        <Button onClick={onBack} size="large">
          {t('counters.reset.back')}
        </Button>
        <Button type="submit" variant="contained" color="error" size="large" sx={{ minHeight: 56 }}>
          {t('counters.actions.reset')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        isOpen={pending !== null}
        title={t('counters.reset.confirmTitle')}
        confirmLabel={t('counters.reset.confirm')}
        confirmColor="error"
        isBusy={isSaving}
        onConfirm={() => void handleConfirm()}
        onClose={() => setPending(null)}
        description={
          pending && (
            <Stack spacing={1}>
              <span>{t('counters.reset.confirmIntro', { name: counter.customer_name })}</span>
              {pending.final_counter ? (
                <span>
                  {t('counters.reset.confirmFinal')} <DecimalText value={pending.final_counter} unit={unit} />
                  {finalAdded && !finalAdded.startsWith('-') && (
                    <>
                      {' '}
                      ({t('counters.adds')} <DecimalText value={finalAdded} unit={unit} />)
                    </>
                  )}
                </span>
              ) : (
                <span>{t('counters.reset.confirmNoFinal')}</span>
              )}
              <span>
                {t('counters.reset.confirmStart')} <DecimalText value={pending.counter} unit={unit} />
              </span>
              <span>{t('counters.reset.confirmIrreversible')}</span>
            </Stack>
          )
        }
      />
    </Box>
  );
}
