import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEMPLATE_PLACEHOLDERS } from '@meterline/contract/notification-kinds';
import type { Template, UpdateTemplateInput } from '@meterline/contract/notifications';
import { useId, useState } from 'react';
import { useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { useUpdateTemplate } from '../api/notifications';

export interface TemplateValues {
  text_en: string;
  text_ar: string;
  whatsapp_template: string;
}
type TemplateOutput = Required<UpdateTemplateInput>;

const TEMPLATE_FIELDS = ['text_en', 'text_ar', 'whatsapp_template'] as const;
const schema = lazySchema(() => import('@meterline/contract/notifications').then((module) => module.updateTemplateInputSchema));

const templateValuesOf = (template: Template): TemplateValues => ({
  text_en: template.text_en,
  text_ar: template.text_ar,
  whatsapp_template: template.whatsapp_template,
});

/** One language's text: empty means the built-in one, shown greyed as its placeholder. */
function TemplateText({
  control,
  setValue,
  language,
  builtIn,
}: {
  control: Control<TemplateValues, unknown, TemplateOutput>;
  setValue: UseFormSetValue<TemplateValues>;
  language: 'en' | 'ar';
  builtIn: string;
}) {
  const { t } = useTranslation();
  const name = language === 'ar' ? 'text_ar' : 'text_en';
  const value = useWatch({ control, name });
  const isBuiltIn = value.trim() === '';
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <FormTextField
        control={control}
        name={name}
        label={t(language === 'ar' ? 'messaging.templates.textAr' : 'messaging.templates.textEn')}
        helperText={isBuiltIn ? t('messaging.templates.defaultInUse') : undefined}
        placeholder={builtIn}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { dir: language === 'ar' ? 'rtl' : 'ltr', lang: language }, inputLabel: { shrink: true } }}
      />
      {!isBuiltIn && (
        <Box>
          <Button size="small" onClick={() => setValue(name, '', { shouldDirty: true })}>
            {t('messaging.templates.useDefault')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** One message kind's texts (English, Arabic) and WhatsApp template name, saved on their own. */
export function TemplateCard({ template }: { template: Template }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const placeholdersId = useId();
  const update = useUpdateTemplate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TemplateValues, unknown, TemplateOutput>({
    resolver: contractResolver(schema),
    defaultValues: templateValuesOf(template),
  });
  const { control, formState, handleSubmit, reset, setError, setValue } = form;
  const kindName = t(`messaging.kinds.${template.kind}`);

  const handleSave = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ kind: template.kind, input: values });
      reset(templateValuesOf(saved));
      showToast(t('messaging.templates.saved', { kind: kindName }), { variant: 'success' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, TEMPLATE_FIELDS, t));
    }
  });

  return (
    <Accordion variant="outlined" disableGutters data-kind={template.kind}>
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <Typography sx={{ fontWeight: 600 }}>{kindName}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack component="form" noValidate spacing={2.5} onSubmit={handleSave}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <Box>
            <Typography id={placeholdersId} variant="body2" sx={{ fontWeight: 600 }}>
              {t('messaging.templates.placeholders')}
            </Typography>
            <Box component="ul" aria-labelledby={placeholdersId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, my: 0.5 }}>
              {TEMPLATE_PLACEHOLDERS[template.kind].map((placeholder) => (
                <Box component="li" key={placeholder} sx={{ listStyle: 'none' }}>
                  <Box
                    component="code"
                    dir="ltr"
                    sx={{ px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.85rem' }}
                  >
                    {`{${placeholder}}`}
                  </Box>
                </Box>
              ))}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {t('messaging.templates.placeholderHelp')}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <TemplateText control={control} setValue={setValue} language="en" builtIn={template.default_en} />
            <TemplateText control={control} setValue={setValue} language="ar" builtIn={template.default_ar} />
          </Box>
          <FormTextField
            control={control}
            name="whatsapp_template"
            label={t('messaging.templates.whatsappTemplate')}
            helperText={t('messaging.templates.whatsappTemplateHelp')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              {t('messaging.templates.save')}
            </Button>
          </Stack>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
