import { landingPathFor } from '@meterline/contract/roles';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/session';
import { StatusPage } from '../../../shared/ui/status-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useSession();
  return (
    <StatusPage
      code={t('errors.codes.notFound')}
      title={t('errors.notFound.title')}
      text={t('errors.notFound.text')}
      actionLabel={t('common.backHome')}
      actionTo={isLoggedIn ? landingPathFor(user?.role) : '/login'}
    />
  );
}
