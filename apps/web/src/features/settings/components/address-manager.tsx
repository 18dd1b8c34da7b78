import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildings } from '../../../shared/api/get-buildings';
import { useRegions } from '../../../shared/api/get-regions';
import { useStreets } from '../../../shared/api/get-streets';
import { useToast } from '../../../shared/hooks/use-toast';
import { ApiError } from '../../../shared/lib/api-client';
import { errorMessageOf, localizeMessage } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import type { AddressLevel, AddressParent } from '../api/address-paths';
import { useCreateAddress } from '../api/create-address';
import { useDeleteAddress } from '../api/delete-address';
import { useRenameAddress } from '../api/rename-address';
import { DirectionIcon } from '../../../shared/ui/direction-icon';

interface AddressItem {
  id: number;
  name: string;
}

/** The message of a 400 on `name` (a taken name), else the failure in words. */
function nameErrorOf(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  const name = error instanceof ApiError && error.status === 400 ? (error.data as { name?: unknown } | undefined)?.name : undefined;
  if (Array.isArray(name) && typeof name[0] === 'string') return localizeMessage(name[0], t) ?? name[0];
  return errorMessageOf(error, t);
}

/** A name typed in a dialog: add or rename one address. */
function NameDialog({
  title,
  label,
  initialName,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  initialName: string;
  submitLabel: string;
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('forms.messages.blank'));
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (failure) {
      setError(nameErrorOf(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label={label}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            disabled={isBusy}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isBusy}>
            {t('forms.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** One level (regions, a region's streets, a street's buildings): pick, add, rename, remove. */
function AddressColumn({
  level,
  parent,
  title,
  items,
  isLoading,
  isError,
  selectedId,
  onSelect,
  placeholder,
}: {
  level: AddressLevel;
  parent: AddressParent | null;
  title: string;
  items: AddressItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId?: number | null;
  onSelect?(id: number | null): void;
  /** Shown instead of the list while the level above has no choice. */
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const titleId = useId();
  const scope = parent ?? {};
  const createAddress = useCreateAddress(level, scope);
  const renameAddress = useRenameAddress(level, scope);
  const deleteAddress = useDeleteAddress(level, scope);
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'rename'; item: AddressItem } | null>(null);
  const [removing, setRemoving] = useState<AddressItem | null>(null);
  const levelLabel = t(`settings.addresses.levels.${level}`);

  const handleRemoveConfirm = async () => {
    if (!removing) return;
    try {
      await deleteAddress.mutateAsync(removing.id);
      if (selectedId === removing.id) onSelect?.(null);
      showToast(t('settings.addresses.removed', { name: removing.name }), { variant: 'success' });
    } catch (error) {
      showToast(errorMessageOf(error, t), { variant: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 240 }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} variant="h3" sx={{ fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {parent && (
          <Button size="small" startIcon={<AddOutlined />} onClick={() => setDialog({ kind: 'add' })} sx={{ flexShrink: 0 }}>
            {t('settings.addresses.add')}
          </Button>
        )}
      </Stack>
      {!parent ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {placeholder}
        </Typography>
      ) : isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('forms.address.loadFailed')}
        </Alert>
      ) : isLoading ? (
        <Stack spacing={1} sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      ) : items && items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('settings.addresses.empty', { level: levelLabel })}
        </Typography>
      ) : (
        <List dense aria-labelledby={titleId} sx={{ overflowY: 'auto', maxHeight: 360 }}>
          {items?.map((item) => (
            <ListItem
              key={item.id}
              disablePadding
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    aria-label={t('settings.addresses.rename', { name: item.name })}
                    onClick={() => setDialog({ kind: 'rename', item })}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('settings.addresses.remove', { name: item.name })} onClick={() => setRemoving(item)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Stack>
              }
              sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
            >
              {onSelect ? (
                <ListItemButton
                  selected={selectedId === item.id}
                  onClick={() => onSelect(item.id)}
                  sx={{ pr: 12, minHeight: 48 }}
                  aria-current={selectedId === item.id ? 'true' : undefined}
                >
                  <ListItemText primary={item.name} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
                  <DirectionIcon towards="forward" aria-hidden fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} />
                </ListItemButton>
              ) : (
                <ListItemText
                  primary={item.name}
                  sx={{ pl: 2, py: 1, pr: 12, minHeight: 32 }}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              )}
            </ListItem>
          ))}
        </List>
      )}
      {dialog && (
        <NameDialog
          title={
            dialog.kind === 'add'
              ? t('settings.addresses.addTitle', { level: levelLabel })
              : t('settings.addresses.renameTitle', { name: dialog.item.name })
          }
          label={t('settings.addresses.name')}
          initialName={dialog.kind === 'add' ? '' : dialog.item.name}
          submitLabel={dialog.kind === 'add' ? t('settings.addresses.add') : t('forms.save')}
          onSubmit={async (name) => {
            if (dialog.kind === 'add') {
              const created = await createAddress.mutateAsync(name);
              onSelect?.(created.id);
              showToast(t('settings.addresses.added', { name }), { variant: 'success' });
            } else {
              await renameAddress.mutateAsync({ id: dialog.item.id, name });
              showToast(t('settings.addresses.renamed', { name }), { variant: 'success' });
            }
          }}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('settings.addresses.removeTitle', { name: removing?.name ?? '' })}
        description={t('settings.addresses.removeText')}
        confirmLabel={t('settings.addresses.removeConfirm')}
        confirmColor="error"
        isBusy={deleteAddress.isPending}
        onConfirm={() => void handleRemoveConfirm()}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

/** Regions → streets → buildings of the tenant, side by side (stacked on phones). */
export function AddressManager() {
  const { t } = useTranslation();
  const [regionId, setRegionId] = useState<number | null>(null);
  const [streetId, setStreetId] = useState<number | null>(null);
  const regions = useRegions();
  const streets = useStreets(regionId);
  const buildings = useBuildings(regionId, streetId);
  const region = regions.data?.find((item) => item.id === regionId);
  const street = streets.data?.find((item) => item.id === streetId);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <AddressColumn
        level="region"
        parent={{}}
        title={t('settings.addresses.regions')}
        items={regions.data}
        isLoading={regions.isPending}
        isError={regions.isError}
        selectedId={regionId}
        onSelect={(id) => {
          setRegionId(id);
          setStreetId(null);
        }}
      />
      <AddressColumn
        level="street"
        parent={regionId ? { regionId } : null}
        title={region ? t('settings.addresses.streetsOf', { name: region.name }) : t('settings.addresses.streets')}
        items={streets.data}
        isLoading={streets.isPending}
        isError={streets.isError}
        selectedId={streetId}
        onSelect={setStreetId}
        placeholder={t('forms.address.chooseRegionFirst')}
      />
      <AddressColumn
        level="building"
        parent={regionId && streetId ? { regionId, streetId } : null}
        title={street ? t('settings.addresses.buildingsOf', { name: street.name }) : t('settings.addresses.buildings')}
        items={buildings.data}
        isLoading={buildings.isPending}
        isError={buildings.isError}
        placeholder={t('forms.address.chooseStreetFirst')}
      />
    </Box>
  );
}
