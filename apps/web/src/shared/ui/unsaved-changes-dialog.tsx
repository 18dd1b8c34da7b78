import type { Blocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

/** The question `useUnsavedChanges` asks when the user leaves a form with changes. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      title={t('forms.unsaved.title')}
      description={t('forms.unsaved.text')}
      confirmLabel={t('forms.unsaved.leave')}
      cancelLabel={t('forms.unsaved.stay')}
      confirmColor="warning"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
