import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { CURRENCIES } from '@meterline/contract/money-format';
import type { Tenant } from '@meterline/contract/tenants';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useEditStep } from '../../../shared/hooks/use-record-form';
import { useUnsavedChanges } from '../../../shared/hooks/use-unsaved-changes';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { FormActions } from '../../../shared/ui/form-actions';
import { FormReadOnly } from '../../../shared/ui/form-read-only';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import { useTenantAliases } from '../api/get-tenant-aliases';

export interface TenantFormValues {
  name: string;
  slug: string;
  email: string;
  phone: string;
  address: string;
  db_alias: string;
  currency: string;
}

const FIELDS = ['name', 'slug', 'email', 'phone', 'address', 'db_alias', 'currency'] as const;
const createSchema = lazySchema(() => import('@meterline/contract/tenants').then((contract) => contract.createTenantInputSchema));
const updateSchema = lazySchema(() => import('@meterline/contract/tenants').then((contract) => contract.updateTenantInputSchema));
/** What the form submits: its values as the create or the update schema checked them. */
type TenantFormOutput = z.output<Awaited<ReturnType<typeof createSchema>>> | z.output<Awaited<ReturnType<typeof updateSchema>>>;

/** "North Power Co." → "north-power-co": a suggestion while the slug has not been typed by hand. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
}

/**
 * Create or edit a client. The database alias is chosen once (a select of `GET /tenants/aliases/`)
 * and shown read-only afterwards; the currency is set at creation (later in the client's settings).
 * An existing client opens read-only with "Edit" first (`useEditStep`).
 */
export function TenantForm({
  tenant,
  onSubmit,
  onSaved,
}: {
  tenant?: Tenant;
  onSubmit(values: Partial<TenantFormValues>): Promise<Tenant>;
  onSaved(tenant: Tenant): void;
}) {
  const { t } = useTranslation();
  const isCreate = !tenant;
  const aliases = useTenantAliases();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSlugEdited, setSlugEdited] = useState(!isCreate);
  const form = useForm<TenantFormValues, unknown, TenantFormOutput>({
    resolver: contractResolver<TenantFormValues, TenantFormOutput>(isCreate ? createSchema : updateSchema),
    defaultValues: {
      name: tenant?.name ?? '',
      slug: tenant?.slug ?? '',
      email: tenant?.email ?? '',
      phone: tenant?.phone ?? '',
      address: tenant?.address ?? '',
      db_alias: tenant?.db_alias ?? 'default',
      currency: 'USD',
    },
  });
  const { control, formState, handleSubmit, setError, setValue, reset } = form;
  const { blocker, allowNextNavigation } = useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const clearFormError = useCallback(() => setFormError(null), []);
  const editStep = useEditStep(form, !isCreate, clearFormError);

  const handleFormSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // PUT is partial: an edit sends what changed (the alias and currency never do here).
    const input = isCreate
      ? values
      : (Object.fromEntries(
          Object.entries(values).filter(
            ([key]) => key !== 'currency' && key !== 'db_alias' && formState.dirtyFields[key as keyof TenantFormValues],
          ),
        ) as Partial<TenantFormValues>);
    try {
      const saved = await onSubmit(input);
      reset(values);
      allowNextNavigation();
      editStep.finishEditing();
      onSaved(saved);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, t));
    }
  });

  const aliasOptions = aliases.data ?? [tenant?.db_alias ?? 'default'];
  const isBusy = formState.isSubmitting;

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={handleFormSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
      <FormReadOnly isReadOnly={editStep.isReadView}>
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <FormTextField
              control={control}
              name="name"
              label={t('tenants.fields.name')}
              required
              disabled={isBusy}
              autoComplete="organization"
              onInput={(event) => {
                if (!isSlugEdited) setValue('slug', slugFromName((event.target as HTMLInputElement).value), { shouldDirty: true });
              }}
            />
            <FormTextField
              control={control}
              name="slug"
              label={t('tenants.fields.slug')}
              readViewDigits="verbatim"
              required
              disabled={isBusy}
              helperText={t('tenants.fields.slugHelp')}
              onInput={() => setSlugEdited(true)}
              slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'none', spellCheck: false } }}
            />
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('tenants.fields.email')}
              disabled={isBusy}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <FormTextField
              control={control}
              name="phone"
              type="tel"
              label={t('tenants.fields.phone')}
              disabled={isBusy}
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
            />
            <FormTextField
              control={control}
              name="address"
              label={t('tenants.fields.address')}
              disabled={isBusy}
              multiline
              minRows={2}
              sx={{ gridColumn: { md: '1 / -1' } }}
            />
            {isCreate ? (
              <FormTextField
                control={control}
                name="db_alias"
                select
                label={t('tenants.fields.dbAlias')}
                disabled={isBusy}
                helperText={t('tenants.fields.dbAliasHelp')}
              >
                {aliasOptions.map((alias) => (
                  <MenuItem key={alias} value={alias}>
                    <bdi dir="ltr">{alias}</bdi>
                  </MenuItem>
                ))}
              </FormTextField>
            ) : (
              // Read-only rather than disabled: it stays legible (contrast) and is still announced.
              <FormTextField
                control={control}
                name="db_alias"
                label={t('tenants.fields.dbAlias')}
                helperText={t('tenants.fields.dbAliasFixed')}
                readViewDigits="verbatim"
                slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'ltr' } }}
              />
            )}
            {isCreate && (
              <FormTextField
                control={control}
                name="currency"
                select
                label={t('tenants.fields.currency')}
                disabled={isBusy}
                helperText={t('tenants.fields.currencyHelp')}
              >
                {CURRENCIES.map((currency) => (
                  <MenuItem key={currency} value={currency}>
                    {currency}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
          </Box>
          <FormActions
            cancelTo="/tenants"
            isSaving={isBusy}
            submitLabel={isCreate ? t('tenants.actions.create') : t('forms.saveChanges')}
            editStep={editStep}
            isSubmitDisabled={!isCreate && !formState.isDirty}
          />
        </Stack>
      </FormReadOnly>
      <UnsavedChangesDialog blocker={blocker} />
    </Paper>
  );
}
