import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreditNote } from '@meterline/contract/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { formatDate } from '../../../shared/lib/format-date';
import { Money } from '../../../shared/ui/money';
import { openCreditNoteDocument } from '../api/credit-notes';
import { CodeText } from '../../../shared/ui/code-text';

/** The invoice's credit notes: number, date, total and reason, each printable in the user's language. */
export function CreditNotesList({ serviceId, notes }: { serviceId: number; notes: CreditNote[] }) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const [printing, setPrinting] = useState<number | null>(null);
  const handlePrint = async (note: CreditNote) => {
    setPrinting(note.id);
    try {
      await openCreditNoteDocument(serviceId, note.id, { language: i18n.language, filename: note.number });
    } catch {
      showToast(t('invoices.print.failed'), { variant: 'error' });
    } finally {
      setPrinting(null);
    }
  };
  return (
    <Stack component="ul" aria-label={t('account.creditNote.listTitle')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {notes.map((note) => (
        <Box
          component="li"
          key={note.id}
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            py: 1.25,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>
              <CodeText value={note.number} /> · <Money amount={note.total} />
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDate(note.issued_on, i18n.language)} · <bdi>{note.reason}</bdi>
            </Typography>
          </Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<PrintOutlined />}
            loading={printing === note.id}
            loadingPosition="start"
            aria-label={t('account.creditNote.printLabel', { number: note.number })}
            onClick={() => void handlePrint(note)}
          >
            {t('account.creditNote.print')}
          </Button>
        </Box>
      ))}
    </Stack>
  );
}
