import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RouteAssignment } from '@meterline/contract/routes';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRegions } from '../../../shared/api/get-regions';
import { useStaffOptions } from '../../../shared/api/get-staff-options';
import { useStations } from '../../../shared/api/get-stations';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import type { assignmentFormSchema } from './route-assignment-form-schema';

interface AssignmentFormValues {
  collector: string;
  kind: 'region' | 'station';
  region: string;
  station: string;
}

const loadSchema = lazySchema(() => import('./route-assignment-form-schema').then((module) => module.assignmentFormSchema));
type AssignmentFormOutput = z.output<typeof assignmentFormSchema>;

const OPTIONS_QUERY = { page_size: 100, ordering: 'name' };
const EMPTY: AssignmentFormValues = { collector: '', kind: 'region', region: '', station: '' };

/** Assign a region or a station of the service to a collector (admins). */
export function RouteAssignmentForm({
  serviceId,
  save,
  onSaved,
}: {
  serviceId: number;
  save(input: AssignmentFormOutput): Promise<RouteAssignment>;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const form = useForm<AssignmentFormValues, unknown, AssignmentFormOutput>({
    defaultValues: EMPTY,
    resolver: contractResolver(loadSchema),
  });
  const { handleSubmit, formError, blocker, isSaving } = useRecordForm({
    form,
    fields: ['collector', 'region', 'station'],
    save,
    onSaved: () => {
      form.reset(EMPTY);
      onSaved();
    },
  });
  const staff = useStaffOptions();
  const regions = useRegions();
  const stations = useStations(serviceId, OPTIONS_QUERY);
  const kind = form.watch('kind');
  const collectors = (staff.data ?? []).filter((option) => option.role === 'collector' && option.isActive);

  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('rounds.assignments.addTitle')}
        </Typography>
        {formError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <FormTextField
            control={form.control}
            name="collector"
            select
            label={t('rounds.assignments.collector')}
            sx={{ minWidth: 200, flex: 1 }}
          >
            {collectors.map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="kind"
            select
            label={t('rounds.assignments.kind')}
            sx={{ minWidth: 150, flex: { md: '0 0 180px' } }}
          >
            <MenuItem value="region">{t('rounds.assignments.region')}</MenuItem>
            <MenuItem value="station">{t('rounds.assignments.station')}</MenuItem>
          </FormTextField>
          {kind === 'region' ? (
            <FormTextField
              control={form.control}
              name="region"
              select
              label={t('rounds.assignments.region')}
              sx={{ minWidth: 200, flex: 1 }}
            >
              {(regions.data ?? []).map((region) => (
                <MenuItem key={region.id} value={String(region.id)}>
                  {region.name}
                </MenuItem>
              ))}
            </FormTextField>
          ) : (
            <FormTextField
              control={form.control}
              name="station"
              select
              label={t('rounds.assignments.station')}
              sx={{ minWidth: 200, flex: 1 }}
            >
              {(stations.data?.results ?? []).map((station) => (
                <MenuItem key={station.id} value={String(station.id)}>
                  {station.name}
                </MenuItem>
              ))}
            </FormTextField>
          )}
          <Button type="submit" variant="contained" size="large" startIcon={<AddOutlined />} loading={isSaving} sx={{ minHeight: 56 }}>
            {t('rounds.assignments.add')}
          </Button>
        </Stack>
      </CardContent>
      <UnsavedChangesDialog blocker={blocker} />
    </Card>
  );
}
