import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { downloadInvoicePdf, openInvoiceDocument, type InvoiceDocumentFormat } from '../api/get-invoice-document';

type Busy = InvoiceDocumentFormat | 'download' | null;

/** Print the A4 invoice, print the 80 mm receipt (each opens the API's document in the user's language), download the PDF. */
export function InvoiceDocumentButtons({ serviceId, invoiceId, number }: { serviceId: number; invoiceId: number; number: string }) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<Busy>(null);
  const language = i18n.language;

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch {
      showToast(t('invoices.print.failed'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const handlePrintClick = (format: InvoiceDocumentFormat) =>
    void run(format, () =>
      openInvoiceDocument(serviceId, invoiceId, { format, language, filename: format === 'receipt' ? `${number}-receipt` : number }),
    );

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PrintOutlined />}
        loading={busy === 'a4'}
        loadingPosition="start"
        disabled={busy !== null && busy !== 'a4'}
        onClick={() => handlePrintClick('a4')}
      >
        {t('invoices.actions.printInvoice')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<ReceiptLongOutlined />}
        loading={busy === 'receipt'}
        loadingPosition="start"
        disabled={busy !== null && busy !== 'receipt'}
        onClick={() => handlePrintClick('receipt')}
      >
        {t('invoices.actions.printReceipt')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        loading={busy === 'download'}
        loadingPosition="start"
        disabled={busy !== null && busy !== 'download'}
        onClick={() => void run('download', () => downloadInvoicePdf(serviceId, invoiceId, { language, filename: number }))}
      >
        {t('invoices.actions.downloadPdf')}
      </Button>
    </>
  );
}
