import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { formatDateTime } from '../../../shared/lib/format-date';
import { Money } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useVerification } from '../api/get-cash';
import { CodeText } from '../../../shared/ui/code-text';

/**
 * What a receipt's QR code opens (signed-in staff): the payment as the books hold it, its receipt
 * number, who holds the cash and any reversal, so a disputed receipt can be checked.
 */
export function PaymentVerifyPage() {
  const { t, i18n } = useTranslation();
  const paymentId = useIdParam('paymentId');
  const [searchParams] = useSearchParams();
  const { service } = useSelectedService();
  const serviceId = Number(searchParams.get('service')) || service?.id;
  const verification = useVerification(serviceId, paymentId);
  const data = verification.data;
  const isReversed = Boolean(data && !/^0(\.0+)?$/.test(data.reversed));
  const row = (label: string, value: ReactNode) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'end', overflowWrap: 'anywhere' }}>{value}</Typography>
    </Stack>
  );
  return (
    <>
      <PageHeader title={t('verify.title')} />
      <RecordState isPending={!serviceId || verification.isPending} error={verification.error} onRetry={() => void verification.refetch()}>
        {data && (
          <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto' }}>
            {isReversed ? (
              <Alert severity="warning">{t('verify.reversed')}</Alert>
            ) : (
              <Alert severity="success" data-testid="verify-ok">
                {t('verify.valid')}
              </Alert>
            )}
            <Card variant="outlined">
              <CardContent>
                <Stack spacing={1}>
                  {row(t('verify.receiptNumber'), <CodeText value={data.receipt_number === null ? null : String(data.receipt_number)} />)}
                  {row(t('verify.amount'), <Money amount={data.payment.amount} />)}
                  {isReversed && row(t('verify.reversedAmount'), <Money amount={data.reversed} />)}
                  {row(t('verify.customer'), <bdi>{data.payment.customer_name}</bdi>)}
                  {row(t('verify.invoice'), <CodeText value={data.payment.invoice_number} />)}
                  {row(t('verify.paidAt'), formatDateTime(data.payment.paid_at, i18n.language))}
                  {row(t('verify.receivedBy'), <bdi>{data.payment.received_by_name ?? '—'}</bdi>)}
                  {row(
                    t('verify.cash'),
                    data.held_by === null
                      ? t('verify.office')
                      : data.handover === null
                        ? t('verify.heldBy', { name: data.held_by_name ?? '' })
                        : t('verify.handedOver'),
                  )}
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        )}
      </RecordState>
    </>
  );
}
