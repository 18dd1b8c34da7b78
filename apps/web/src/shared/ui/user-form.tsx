import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, lazySchema } from '../lib/contract-resolver';
import type { RoleOption } from '../api/get-roles';
import { applyServerErrors } from '../lib/form-errors';
import { useEditStep } from '../hooks/use-record-form';
import { useUnsavedChanges } from '../hooks/use-unsaved-changes';
import { FormActions } from './form-actions';
import { FormReadOnly } from './form-read-only';
import { FormSwitch } from './form-switch';
import { FormTextField } from './form-text-field';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

export interface UserFormValues {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: string;
  is_active: boolean;
}

const FIELDS = ['username', 'password', 'first_name', 'last_name', 'email', 'phone', 'role', 'is_active'] as const;
/** The fields the form edits on both create and update (create adds the password). */
const EDITED = { username: true, first_name: true, last_name: true, email: true, phone: true, role: true, is_active: true } as const;
const createSchema = lazySchema(() =>
  import('@meterline/contract/users').then(({ createUserInputSchema }) => createUserInputSchema.pick({ ...EDITED, password: true })),
);
const updateSchema = lazySchema(() =>
  import('@meterline/contract/users').then(({ updateUserInputSchema }) => updateUserInputSchema.pick(EDITED)),
);
/** What the form submits: its values as the create or the update schema checked them. */
type UserFormOutput = z.output<Awaited<ReturnType<typeof createSchema>>> | z.output<Awaited<ReturnType<typeof updateSchema>>>;

const EMPTY: UserFormValues = {
  username: '',
  password: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  role: '',
  is_active: true,
};

/** 14 characters from an alphabet without look-alikes (0/O, 1/l/I): easy to read out to a colleague. */
export function generatePassword(length = 14): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  let password = Array.from(bytes, (value) => alphabet[value % alphabet.length]).join('');
  // Never only digits (the contract refuses that), never without one.
  if (!/\d/.test(password)) password = `${password.slice(0, -1)}7`;
  return password;
}

/**
 * Create or edit a staff member (a tenant's user for the superadmin, a colleague for an admin):
 * the contract's schemas through zodResolver, a 400 on the fields, any other failure in the
 * alert ('Unknown error' at worst), the submit busy while saving, and a question before leaving
 * with unsaved changes. Editing sends only the changed fields (PUT is partial). An existing user
 * opens read-only with "Edit" first (`useEditStep`). Read-only users (the accountant) see the same
 * fields read-only and no Edit.
 */
export function UserForm({
  mode,
  initialValues,
  roles,
  isReadOnly = false,
  isSelf = false,
  cancelTo,
  onSubmit,
  onSaved,
  children,
}: {
  mode: 'create' | 'edit';
  initialValues?: Partial<UserFormValues>;
  /** Assignable roles; when absent (read-only) the current role is shown with its translated name. */
  roles: RoleOption[] | undefined;
  isReadOnly?: boolean;
  /** Own record: nobody changes their own role or deactivates themselves. */
  isSelf?: boolean;
  cancelTo: string;
  /** Sends the values (edit: only the changed ones); rejects with the ApiError of the call. */
  onSubmit(values: Partial<UserFormValues>): Promise<unknown>;
  /** After a successful save; navigate from here (the unsaved-changes guard lets it through). */
  onSaved(result: unknown): void;
  /** Extra actions beside the submit button (reset password, deactivate). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const defaultValues = { ...EMPTY, ...initialValues };
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: contractResolver<UserFormValues, UserFormOutput>(mode === 'create' ? createSchema : updateSchema),
    defaultValues,
  });
  const { control, formState, handleSubmit, setError, setValue, reset } = form;
  const { blocker, allowNextNavigation } = useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const clearFormError = useCallback(() => setFormError(null), []);
  const editStep = useEditStep(form, mode === 'edit', clearFormError);

  const handleFormSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const changed =
      mode === 'create'
        ? values
        : (Object.fromEntries(
            Object.entries(values).filter(([key]) => formState.dirtyFields[key as keyof UserFormValues]),
          ) as Partial<UserFormValues>);
    try {
      const result = await onSubmit(changed);
      reset(values);
      allowNextNavigation();
      editStep.finishEditing();
      onSaved(result);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, t));
    }
  });

  const roleOptions: RoleOption[] = roles ?? (defaultValues.role ? [{ value: defaultValues.role, label: defaultValues.role }] : []);
  const roleLabel = (option: RoleOption) => t(`roles.${option.value}` as 'roles.admin', { defaultValue: option.label });
  const isShowing = isReadOnly || editStep.isReadView;
  const isLocked = formState.isSubmitting;

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={handleFormSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
      <FormReadOnly isReadOnly={isShowing}>
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {isSelf && mode === 'edit' && !isShowing && <Alert severity="info">{t('users.ownAccount')}</Alert>}
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <FormTextField
              control={control}
              name="username"
              label={t('users.fields.username')}
              readViewDigits="verbatim"
              required
              disabled={isLocked}
              autoComplete="off"
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, dir: 'ltr' } }}
            />
            {mode === 'create' ? (
              <FormTextField
                control={control}
                name="password"
                label={t('users.fields.password')}
                required
                disabled={isLocked}
                type={isPasswordVisible ? 'text' : 'password'}
                autoComplete="new-password"
                helperText={t('users.fields.passwordHelp')}
                slotProps={{
                  htmlInput: { dir: 'ltr' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title={t('users.fields.generatePassword')}>
                          <IconButton
                            aria-label={t('users.fields.generatePassword')}
                            onClick={() => {
                              setValue('password', generatePassword(), { shouldDirty: true, shouldValidate: true });
                              setPasswordVisible(true);
                            }}
                          >
                            <AutorenewOutlined />
                          </IconButton>
                        </Tooltip>
                        <IconButton
                          edge="end"
                          aria-label={isPasswordVisible ? t('users.fields.hidePassword') : t('users.fields.showPassword')}
                          onClick={() => setPasswordVisible((value) => !value)}
                        >
                          {isPasswordVisible ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
            ) : (
              <Box sx={{ display: { xs: 'none', md: 'block' } }} />
            )}
            <FormTextField control={control} name="first_name" label={t('users.fields.firstName')} disabled={isLocked} autoComplete="off" />
            <FormTextField control={control} name="last_name" label={t('users.fields.lastName')} disabled={isLocked} autoComplete="off" />
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('users.fields.email')}
              disabled={isLocked}
              autoComplete="off"
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <FormTextField
              control={control}
              name="phone"
              type="tel"
              label={t('users.fields.phone')}
              disabled={isLocked}
              autoComplete="off"
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
            />
            <FormTextField
              control={control}
              name="role"
              select
              required
              label={t('users.fields.role')}
              disabled={isLocked || (!isShowing && (isSelf || !roles))}
            >
              {roleOptions.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {roleLabel(option)}
                </MenuItem>
              ))}
            </FormTextField>
            <Box sx={{ alignSelf: 'center' }}>
              <FormSwitch
                control={control}
                name="is_active"
                label={t('users.fields.isActive')}
                isDisabled={isLocked || (!isShowing && isSelf)}
              />
            </Box>
          </Box>
          {!isReadOnly && (
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                {children}
              </Stack>
              <FormActions
                cancelTo={cancelTo}
                isSaving={formState.isSubmitting}
                submitLabel={mode === 'create' ? t('users.actions.create') : t('forms.saveChanges')}
                editStep={editStep}
                isSubmitDisabled={mode === 'edit' && !formState.isDirty}
              />
            </Stack>
          )}
          {isReadOnly && children}
        </Stack>
      </FormReadOnly>
      <UnsavedChangesDialog blocker={blocker} />
    </Paper>
  );
}
