import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ErrorParams } from '@meterline/contract/errors';
import type { CustomerImportPreview, CustomerImportRow } from '@meterline/contract/onboarding';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client';
import { errorMessageOf, messageOfCode } from '../../../shared/lib/form-errors';
import { formatCount } from '../../../shared/lib/format-number';
import { paths } from '../../../shared/lib/paths';
import { useIdempotentWrite } from '../../../shared/hooks/use-idempotency-key';
import { isJobActive, useJob } from '../../../shared/api/jobs';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { NameText } from '../../../shared/ui/name-text';
import { formatDate } from '../../../shared/lib/format-date';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadCustomerImportTemplate, previewCustomerImport, useStartCustomerImport } from '../api/import-customers';
import { CustomerImportJob } from '../components/customer-import-job';
import { customerStatusLabel } from '../components/customer-status-chip';

const PAGE_SIZE = 50;

/** The label of an error's column: the preview's column it shows in. */
const COLUMN_LABELS: Record<string, string> = {
  full_name: 'name',
  national_id: 'nationalId',
  initial_reading: 'reading',
  started_on: 'startedOn',
  region: 'address',
  street: 'address',
  building: 'address',
  floor: 'address',
  apartment: 'address',
};

type FieldError = CustomerImportRow['errors'][number];

/** A field error of the API in the app's current language (the code wins over the text sent). */
function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError) => messageOfCode(error.code, t, (error.params ?? {}) as ErrorParams) ?? error.message;
}

/** The errors of a file the API could not read as customers (unknown columns, empty, not CSV). */
function fileErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const errors = (error.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
  return errors.filter((item) => item.field === 'file');
}

/**
 * Customers from a CSV file (docs/tenants-and-settings.md). Download the template, choose the file, read the preview
 * (each row with its errors, in the app's language), then import every row after a confirmation
 * (a job: its progress, then its result, `CustomerImportJob`); the button stays off while a row has an error.
 */
export function CustomerImportPage() {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const { service, serviceName } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const errorText = useErrorText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CustomerImportPreview | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [problem, setProblem] = useState<{ messages: string[] } | null>(null);
  const [isOnlyErrors, setIsOnlyErrors] = useState(false);
  const [page, setPage] = useState(0);
  const [isConfirming, setIsConfirming] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useStartCustomerImport(serviceId);
  const send = useIdempotentWrite(isConfirming);
  const importJob = useJob(jobId);
  // Another file may be chosen once the import's job has finished ("Import" again).
  const isImporting = jobId !== null && (importJob.data === undefined || isJobActive(importJob.data));

  const rows = useMemo(
    () => (preview ? (isOnlyErrors ? preview.rows.filter((row) => row.errors.length) : preview.rows) : []),
    [preview, isOnlyErrors],
  );
  const pageRows = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const number = (value: number) => formatCount(value, i18n.language);
  const columnLabel = (field: string) => t(`customerImport.columns.${COLUMN_LABELS[field] ?? field}`, { defaultValue: field });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen || !serviceId) return;
    setFile(chosen);
    setJobId(null);
    setPreview(null);
    setProblem(null);
    setPage(0);
    setIsChecking(true);
    try {
      const result = await previewCustomerImport(serviceId, chosen);
      setPreview(result);
      setIsOnlyErrors(result.invalid > 0);
    } catch (error) {
      const fileErrors = fileErrorsOf(error);
      setProblem({ messages: fileErrors.length ? fileErrors.map(errorText) : [errorMessageOf(error, t)] });
    } finally {
      setIsChecking(false);
    }
  }

  async function importAll() {
    if (!file) return;
    try {
      const started = await send((idempotencyKey) => start.mutateAsync({ file, idempotencyKey }));
      setIsConfirming(false);
      setJobId(started.job.id);
    } catch (error) {
      setIsConfirming(false);
      setProblem({ messages: [errorMessageOf(error, t)] });
    }
  }

  const canImport = Boolean(preview && preview.invalid === 0 && preview.total > 0);

  return (
    <>
      <PageHeader
        title={t('customerImport.title')}
        subtitle={serviceName}
        backTo={paths.customers}
        breadcrumbs={[{ label: t('customers.title'), to: paths.customers }, { label: t('customerImport.title') }]}
      />
      <Stack spacing={2.5}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('customerImport.intro')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                onClick={() =>
                  void downloadCustomerImportTemplate(serviceId).catch((error: unknown) =>
                    showToast(errorMessageOf(error, t), { variant: 'error' }),
                  )
                }
              >
                {t('customerImport.template')}
              </Button>
              <Button
                variant="contained"
                startIcon={<UploadFileOutlined />}
                onClick={() => inputRef.current?.click()}
                disabled={isChecking || start.isPending || isImporting}
              >
                {file ? t('customerImport.chooseAnother') : t('customerImport.chooseFile')}
              </Button>
              <input
                ref={inputRef}
                type="file"
                accept=".csv,text/csv"
                hidden
                onChange={(event) => void choose(event)}
                data-testid="import-file"
              />
              {file && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('customerImport.fileName')}: <bdi>{file.name}</bdi>
                </Typography>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('customerImport.templateHelp')}
            </Typography>
            {isChecking && (
              <Stack spacing={1} role="status">
                <Typography variant="body2">{t('customerImport.checking')}</Typography>
                <LinearProgress />
              </Stack>
            )}
            {problem && (
              <Alert severity="error" role="alert">
                {problem.messages.map((message) => (
                  <div key={message}>{message}</div>
                ))}
              </Alert>
            )}
          </Stack>
        </Paper>

        {jobId !== null && <CustomerImportJob jobId={jobId} serviceId={serviceId} />}

        {preview && jobId === null && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={2}>
              <Alert severity={preview.invalid ? 'warning' : 'success'}>
                <Typography sx={{ fontWeight: 600 }}>
                  {preview.invalid
                    ? t('customerImport.summary', {
                        count: preview.total,
                        valid: number(preview.valid),
                        invalid: number(preview.invalid),
                      })
                    : t('customerImport.allReady', { count: preview.total })}
                </Typography>
                {preview.invalid > 0 && <Typography variant="body2">{t('customerImport.fixErrors')}</Typography>}
              </Alert>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <FormControlLabel
                  control={
                    <Switch
                      checked={isOnlyErrors}
                      disabled={!preview.invalid}
                      onChange={(event) => (setIsOnlyErrors(event.target.checked), setPage(0))}
                    />
                  }
                  label={t('customerImport.onlyErrors')}
                />
                <Button variant="contained" disabled={!canImport || start.isPending} onClick={() => setIsConfirming(true)}>
                  {t('customerImport.commit', { count: preview.valid })}
                </Button>
              </Stack>
              <TableContainer>
                <Table size="small" aria-label={t('customerImport.previewLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('customerImport.columns.row')}</TableCell>
                      <TableCell>{t('customerImport.columns.name')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('customerImport.columns.code')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('customerImport.columns.address')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('customerImport.columns.station')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('customerImport.columns.bundle')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('customerImport.columns.reading')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('customerImport.columns.startedOn')}</TableCell>
                      <TableCell>{t('customerImport.columns.errors')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {pageRows.map((row) => {
                      const hasErrors = row.errors.length > 0;
                      const address = [row.values.region_name, row.values.street_name, row.values.building_name]
                        .filter(Boolean)
                        .join(t('customers.listSeparator'));
                      return (
                        <TableRow
                          key={row.row}
                          sx={
                            hasErrors
                              ? { bgcolor: (theme) => alpha(theme.palette.error.main, theme.palette.mode === 'dark' ? 0.16 : 0.08) }
                              : undefined
                          }
                          data-invalid={hasErrors || undefined}
                        >
                          <TableCell>
                            <bdi>{number(row.row)}</bdi>
                          </TableCell>
                          <TableCell sx={{ minWidth: { sm: 140 }, overflowWrap: 'break-word' }}>{row.values.full_name || '—'}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                            {row.values.code ? (
                              <bdi dir="ltr">{row.values.code}</bdi>
                            ) : (
                              <Typography variant="body2" color="text.secondary" component="span">
                                {t('customerImport.generatedCode')}
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{address || '—'}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{row.values.station_name || '—'}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                            <NameText value={row.values.bundle_name} />
                          </TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                            <DecimalText value={row.values.initial_reading} unit={row.values.initial_reading ? service?.unit : undefined} />
                          </TableCell>
                          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                            {row.values.started_on ? formatDate(row.values.started_on, i18n.language) : '—'}
                          </TableCell>
                          <TableCell sx={{ minWidth: { sm: 240 }, overflowWrap: 'anywhere' }}>
                            {hasErrors ? (
                              <Box component="ul" sx={{ m: 0, ps: 2, color: 'error.main' }}>
                                {row.errors.map((error, index) => (
                                  <li key={index}>
                                    {error.field !== 'non_field_errors' && <strong>{columnLabel(error.field)}: </strong>}
                                    {errorText(error)}
                                  </li>
                                ))}
                              </Box>
                            ) : (
                              <Typography variant="body2" color="success.main" component="span">
                                {t('customerImport.ready')}
                                {row.values.status !== 'active' && ` · ${customerStatusLabel(row.values.status, t)}`}
                              </Typography>
                            )}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              {rows.length > PAGE_SIZE && (
                <TablePagination
                  component="div"
                  count={rows.length}
                  page={page}
                  rowsPerPage={PAGE_SIZE}
                  rowsPerPageOptions={[PAGE_SIZE]}
                  onPageChange={(_event, next) => setPage(next)}
                  labelDisplayedRows={({ from, to, count }) => `${number(from)}–${number(to)} / ${number(count)}`}
                />
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('customerImport.confirmTitle', { count: preview?.valid ?? 0 })}
        description={t('customerImport.confirmBody')}
        confirmLabel={t('customerImport.confirm')}
        isBusy={start.isPending}
        onConfirm={() => void importAll()}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}
