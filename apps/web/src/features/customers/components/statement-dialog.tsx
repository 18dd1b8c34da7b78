import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { documentLang } from '../../../shared/api/open-document';
import { DateFilterField } from '../../../shared/ui/date-filter-field';
import { openStatement, type StatementOptions } from '../api/get-statement';

export interface StatementChoice {
  dateFrom?: string;
  dateTo?: string;
  language: 'en' | 'ar';
}

/** The period and language of printed statements, and the Print button; shared by one customer's and the bulk dialog. */
export function StatementPrintDialog({
  isOpen,
  title,
  text,
  initial,
  print,
  onClose,
  children,
}: {
  isOpen: boolean;
  title: string;
  text?: string;
  initial: StatementChoice;
  print(options: StatementOptions): Promise<void>;
  onClose(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const titleId = useId();
  const [choice, setChoice] = useState(initial);
  const [isBusy, setBusy] = useState(false);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setChoice(initial);
  }
  const handlePrint = async () => {
    setBusy(true);
    try {
      await print({ date_from: choice.dateFrom, date_to: choice.dateTo, language: choice.language });
      onClose();
    } catch {
      showToast(t('account.statement.failed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={isOpen} onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {text && <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          <DateFilterField
            label={t('account.ledger.dateFrom')}
            value={choice.dateFrom}
            onChange={(value) => setChoice({ ...choice, dateFrom: value ?? undefined })}
          />
          <DateFilterField
            label={t('account.ledger.dateTo')}
            value={choice.dateTo}
            onChange={(value) => setChoice({ ...choice, dateTo: value ?? undefined })}
          />
          <TextField
            select
            size="small"
            label={t('account.statement.language')}
            value={choice.language}
            onChange={(event) => setChoice({ ...choice, language: documentLang(event.target.value) })}
          >
            <MenuItem value="en">English</MenuItem>
            <MenuItem value="ar" lang="ar">
              العربية
            </MenuItem>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isBusy}>
          {t('forms.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void handlePrint()} loading={isBusy}>
          {t('account.statement.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Print statement" on the customer page: the ledger's period, in the user's language unless changed. */
export function StatementDialog({
  isOpen,
  serviceId,
  customer,
  dateFrom,
  dateTo,
  onClose,
}: {
  isOpen: boolean;
  serviceId: number;
  customer: { id: number; code: string };
  dateFrom?: string;
  dateTo?: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <StatementPrintDialog
      isOpen={isOpen}
      title={t('account.statement.title')}
      initial={{ dateFrom, dateTo, language: documentLang(i18n.language) }}
      print={(options) => openStatement(serviceId, customer.id, { ...options, filename: `statement-${customer.code}` })}
      onClose={onClose}
    />
  );
}
