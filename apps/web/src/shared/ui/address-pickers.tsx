import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useBuildings } from '../api/get-buildings';
import { useRegions } from '../api/get-regions';
import { useStreets } from '../api/get-streets';
import { localizeMessage } from '../lib/form-errors';
import { useFormReadOnly } from './form-read-only';
import { RecordTextField } from './record-text-field';

export interface AddressValue {
  region: number | null;
  street: number | null;
  building: number | null;
}

export type AddressErrors = Partial<Record<keyof AddressValue, string | undefined>>;

/**
 * Region → street → building selects from `/api/regions/...` (docs/product/screens.md). Choosing a region
 * clears the street and building; each level waits for the one above. With react-hook-form, pass
 * `watch` values and `setValue(..., { shouldDirty: true })` or one Controller over an object.
 * Inside `<FormReadOnly isReadOnly>` the three show the address read-only (they do not open).
 */
export function AddressPickers({
  value,
  onChange,
  errors = {},
  isDisabled = false,
  direction = { xs: 'column', md: 'row' },
}: {
  value: AddressValue;
  onChange(value: AddressValue): void;
  errors?: AddressErrors;
  isDisabled?: boolean;
  direction?: 'row' | 'column' | { xs: 'row' | 'column'; md: 'row' | 'column' };
}) {
  const { t } = useTranslation();
  const isReadOnly = useFormReadOnly();
  const readOnly = isReadOnly ? { htmlInput: { readOnly: true } } : {};
  const regions = useRegions();
  const streets = useStreets(value.region);
  const buildings = useBuildings(value.region, value.street);
  const isError = regions.isError || streets.isError || buildings.isError;

  const toId = (text: string) => (text === '' ? null : Number(text));
  const message = (key: keyof AddressValue) => localizeMessage(errors[key], t);

  return (
    <Stack spacing={2}>
      {isError && <Alert severity="error">{t('forms.address.loadFailed')}</Alert>}
      <Stack direction={direction} spacing={2}>
        <RecordTextField
          select
          label={t('forms.address.region')}
          value={value.region ?? ''}
          disabled={isDisabled || regions.isPending}
          onChange={(event) => onChange({ region: toId(event.target.value), street: null, building: null })}
          error={Boolean(errors.region)}
          helperText={message('region')}
          slotProps={readOnly}
        >
          <MenuItem value="">
            <em>{t('forms.address.none')}</em>
          </MenuItem>
          {(regions.data ?? []).map((region) => (
            <MenuItem key={region.id} value={region.id}>
              {region.name}
            </MenuItem>
          ))}
        </RecordTextField>
        <RecordTextField
          select
          label={t('forms.address.street')}
          value={value.street ?? ''}
          disabled={isDisabled || (!isReadOnly && (!value.region || streets.isPending))}
          onChange={(event) => onChange({ ...value, street: toId(event.target.value), building: null })}
          error={Boolean(errors.street)}
          // The "choose … first" hint stays readable (full contrast) while the select waits.
          slotProps={{ ...readOnly, formHelperText: { disabled: false } }}
          helperText={message('street') ?? (!value.region && !isDisabled && !isReadOnly ? t('forms.address.chooseRegionFirst') : undefined)}
        >
          <MenuItem value="">
            <em>{t('forms.address.none')}</em>
          </MenuItem>
          {(streets.data ?? []).map((street) => (
            <MenuItem key={street.id} value={street.id}>
              {street.name}
            </MenuItem>
          ))}
        </RecordTextField>
        <RecordTextField
          select
          label={t('forms.address.building')}
          value={value.building ?? ''}
          disabled={isDisabled || (!isReadOnly && (!value.street || buildings.isPending))}
          onChange={(event) => onChange({ ...value, building: toId(event.target.value) })}
          error={Boolean(errors.building)}
          // The "choose … first" hint stays readable (full contrast) while the select waits.
          slotProps={{ ...readOnly, formHelperText: { disabled: false } }}
          helperText={
            message('building') ?? (!value.street && !isDisabled && !isReadOnly ? t('forms.address.chooseStreetFirst') : undefined)
          }
        >
          <MenuItem value="">
            <em>{t('forms.address.none')}</em>
          </MenuItem>
          {(buildings.data ?? []).map((building) => (
            <MenuItem key={building.id} value={building.id}>
              {building.name}
            </MenuItem>
          ))}
        </RecordTextField>
      </Stack>
    </Stack>
  );
}
