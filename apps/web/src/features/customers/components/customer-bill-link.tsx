import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerKeys } from '../../../shared/api/query-keys';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { publicBillTexts } from '../../../shared/lib/public-bill-texts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { renewPublicLink } from '../api/renew-public-link';

/**
 * "Customer's bill link" (docs/security.md, "The public bill link"): the address the QR of the
 * customer's invoices and receipts opens, to copy or send, and "Make a new link" (after a
 * confirmation) for roles that may update the customer, which stops the old one at once.
 */
export function CustomerBillLink({ customerId, url }: { customerId: number; url: string }) {
  const { i18n } = useTranslation();
  const serviceId = useSelectedService().service?.id ?? 0;
  const canRenew = useCan('update', 'customer');
  const texts = publicBillTexts(i18n.language);
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const renew = useMutation({
    mutationFn: () => renewPublicLink(serviceId, customerId),
    onSuccess: async () => {
      setIsConfirming(false);
      showToast(texts.renewed, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) });
    },
    onError: () => showToast(texts.renewFailed, { variant: 'error' }),
  });
  const copy = async () => {
    await navigator.clipboard?.writeText(url);
    showToast(texts.copied, { variant: 'success' });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="customer-bill-link">
      <Typography variant="subtitle2" component="h2">
        {texts.officeTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {texts.officeHint}
      </Typography>
      <Typography
        variant="body2"
        dir="ltr"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1, '& a': { color: 'primary.main' } }}
      >
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          {texts.copy}
        </Button>
        {canRenew ? (
          <Button size="small" onClick={() => setIsConfirming(true)}>
            {texts.renew}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        isOpen={isConfirming}
        title={texts.renewTitle}
        description={texts.renewBody}
        confirmLabel={texts.renewConfirm}
        cancelLabel={texts.cancel}
        confirmColor="warning"
        isBusy={renew.isPending}
        onConfirm={() => renew.mutate()}
        onClose={() => setIsConfirming(false)}
      />
    </Paper>
  );
}
