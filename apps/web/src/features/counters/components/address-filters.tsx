import { useTranslation } from 'react-i18next';
import { useBuildings } from '../../../shared/api/get-buildings';
import { useRegions } from '../../../shared/api/get-regions';
import { useStreets } from '../../../shared/api/get-streets';
import type { ListUrlState } from '../../../shared/hooks/use-list-url-state';
import { FilterSelect } from '../../../shared/ui/filter-select';

/** Region → street → building as list filters; choosing a level clears the ones below it. */
export function AddressFilters({ listState }: { listState: ListUrlState<string> }) {
  const { t } = useTranslation();
  const region = Number(listState.filters.region) || null;
  const street = Number(listState.filters.street) || null;
  const regions = useRegions();
  const streets = useStreets(region);
  const buildings = useBuildings(region, street);
  return (
    <>
      <FilterSelect
        label={t('forms.address.region')}
        value={listState.filters.region}
        options={(regions.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
        onChange={(value) => listState.setFilters({ region: value, street: null, building: null })}
      />
      <FilterSelect
        label={t('forms.address.street')}
        value={listState.filters.street}
        isDisabled={!region}
        options={(streets.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
        onChange={(value) => listState.setFilters({ street: value, building: null })}
      />
      <FilterSelect
        label={t('forms.address.building')}
        value={listState.filters.building}
        isDisabled={!street}
        options={(buildings.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
        onChange={(value) => listState.setFilter('building', value)}
      />
    </>
  );
}
