import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../hooks/use-toast';

/** Copies `text` to the clipboard and says so (or says to copy by hand when the browser refuses). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const handleCopyClick = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('forms.copied'), { variant: 'success' });
    } catch {
      showToast(t('forms.copyFailed'), { variant: 'warning' });
    }
  };
  return (
    <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void handleCopyClick()}>
      {label ?? t('forms.copy')}
    </Button>
  );
}
