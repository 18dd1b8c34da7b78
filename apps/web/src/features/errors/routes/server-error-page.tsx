import { landingPathFor } from '@meterline/contract/roles';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/session';
import { StatusPage } from '../../../shared/ui/status-page';

export function ServerErrorPage() {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useSession();
  return (
    <StatusPage
      code={t('errors.codes.serverError')}
      title={t('errors.serverError.title')}
      text={t('errors.serverError.text')}
      actionLabel={t('common.backHome')}
      actionTo={isLoggedIn ? landingPathFor(user?.role) : '/login'}
    />
  );
}
