import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useRegions } from '../../../shared/api/get-regions';
import { useStationOptions } from '../../../shared/api/get-station-options';
import { useCan } from '../../../shared/lib/can';
import { documentLang } from '../../../shared/api/open-document';
import { rememberStartedJob } from '../../../shared/api/jobs';
import { useToast } from '../../../shared/hooks/use-toast';
import { paths } from '../../../shared/lib/paths';
import { startBulkStatements } from '../api/get-statement';
import { StatementPrintDialog } from './statement-dialog';

/** "All" shown in the empty choice, the label above it. */
const ALL_SHOWN = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

/**
 * Statements of every customer of a station or region (or of the whole service) in one PDF, from
 * the customers list: a job (docs/accounts.md, "Statements"), followed on the Jobs page, where its document opens.
 */
export function BulkStatementsDialog({ isOpen, serviceId, onClose }: { isOpen: boolean; serviceId: number; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const canListStations = useCan('list', 'station');
  const stations = useStationOptions(serviceId, { isEnabled: isOpen && canListStations });
  const regions = useRegions({ isEnabled: isOpen });
  const [station, setStation] = useState('');
  const [region, setRegion] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  return (
    <StatementPrintDialog
      isOpen={isOpen}
      title={t('account.statement.bulkTitle')}
      text={t('account.statement.bulkText')}
      initial={{ language: documentLang(i18n.language) }}
      print={async (options) => {
        const started = await startBulkStatements(serviceId, {
          ...options,
          station: station ? Number(station) : undefined,
          region: region ? Number(region) : undefined,
        });
        rememberStartedJob(queryClient, started);
        showToast(t('jobs.messages.statementsStarted'), { variant: 'info' });
        void navigate(paths.jobs);
      }}
      onClose={onClose}
    >
      {canListStations && (
        <TextField
          select
          size="small"
          label={t('account.statement.station')}
          value={station}
          slotProps={ALL_SHOWN}
          onChange={(event) => setStation(event.target.value)}
        >
          <MenuItem value="">{t('account.statement.all')}</MenuItem>
          {(stations.data ?? []).map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('account.statement.region')}
        value={region}
        slotProps={ALL_SHOWN}
        onChange={(event) => setRegion(event.target.value)}
      >
        <MenuItem value="">{t('account.statement.all')}</MenuItem>
        {(regions.data ?? []).map((option) => (
          <MenuItem key={option.id} value={String(option.id)}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
    </StatementPrintDialog>
  );
}
