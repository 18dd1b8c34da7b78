import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { RouteAssignment } from '@meterline/contract/routes';
import { routeAssignmentListSpec } from '@meterline/contract/list-specs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStaffOptions } from '../../../shared/api/get-staff-options';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { DataTable } from '../../../shared/ui/data-table';
import { DeleteRecordButton } from '../../../shared/ui/delete-record-button';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateRouteAssignment, useDeleteRouteAssignment, useRouteAssignments } from '../api/route-assignments';
import { RouteAssignmentForm } from '../components/route-assignment-form';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

/** "Open round" and "Take back" of one assignment. */
function AssignmentActions({
  row,
  target,
  canRemove,
  onDelete,
}: {
  row: RouteAssignment;
  target: string;
  canRemove: boolean;
  onDelete(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={`/round?collector=${row.collector}`} size="small">
        {t('rounds.actions.openRound')}
      </Button>
      {canRemove && (
        <DeleteRecordButton
          label={t('rounds.assignments.remove')}
          title={t('rounds.assignments.removeTitle', { target, collector: row.collector_name })}
          description={t('rounds.assignments.removeBody')}
          inUseMessage={t('rounds.assignments.removeBody')}
          deletedMessage={t('rounds.assignments.removed')}
          onDelete={onDelete}
          onDeleted={() => undefined}
        />
      )}
    </Stack>
  );
}

/**
 * The Rounds screen (admins; accountants read): which regions and stations each collector walks
 * in the selected service, a form to assign one more, "Take back", and each collector's round.
 */
export function RouteAssignmentsPage() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { service, serviceName } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const listState = useListUrlState(routeAssignmentListSpec);
  const query = useRouteAssignments(service?.id, listState.query);
  const staff = useStaffOptions();
  const canAssign = useCan('create', 'route_assignment');
  const canRemove = useCan('delete', 'route_assignment');
  const createAssignment = useCreateRouteAssignment(serviceId);
  const deleteAssignment = useDeleteRouteAssignment(serviceId);
  const collectors = (staff.data ?? []).filter((option) => option.role === 'collector');
  const targetOf = (row: RouteAssignment) =>
    row.region !== null
      ? `${t('rounds.assignments.region')}: ${row.region_name ?? ''}`
      : `${t('rounds.assignments.station')}: ${row.station_name ?? ''}`;

  const columns: GridColDef<RouteAssignment>[] = [
    {
      field: 'collector',
      headerName: t('rounds.assignments.collector'),
      flex: 1,
      minWidth: 170,
      valueGetter: (_value, row) => row.collector_name,
    },
    {
      field: 'target',
      headerName: t('rounds.assignments.target'),
      flex: 1.2,
      minWidth: 200,
      sortable: false,
      valueGetter: (_value, row) => targetOf(row),
    },
    {
      field: 'actions',
      headerName: '',
      flex: 1,
      minWidth: 240,
      sortable: false,
      renderCell: ({ row }) => (
        <AssignmentActions row={row} target={targetOf(row)} canRemove={canRemove} onDelete={() => deleteAssignment.mutateAsync(row.id)} />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('rounds.assignments.title')}
        subtitle={service ? t('rounds.assignments.subtitle', { service: serviceName }) : undefined}
      />
      {canAssign && service && (
        <RouteAssignmentForm
          serviceId={service.id}
          save={(input) => createAssignment.mutateAsync(input)}
          onSaved={() => showToast(t('rounds.assignments.created'), { variant: 'success' })}
        />
      )}
      <DataTable<RouteAssignment>
        label={t('rounds.assignments.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('rounds.assignments.loadFailed')}
        emptyMessage={t('rounds.assignments.empty')}
        orderingFields={routeAssignmentListSpec.ordering}
        isSearchable={false}
        exportCsv={serviceListExport(service?.id, 'route_assignments')}
        filters={
          <FilterSelect
            label={t('rounds.assignments.collector')}
            value={listState.filters.collector}
            options={collectors.map((option) => ({ value: String(option.id), label: option.name }))}
            onChange={(value) => listState.setFilter('collector', value)}
          />
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{row.collector_name}</Typography>
            <Typography color="text.secondary">{targetOf(row)}</Typography>
            <AssignmentActions
              row={row}
              target={targetOf(row)}
              canRemove={canRemove}
              onDelete={() => deleteAssignment.mutateAsync(row.id)}
            />
          </Stack>
        )}
      />
    </>
  );
}
