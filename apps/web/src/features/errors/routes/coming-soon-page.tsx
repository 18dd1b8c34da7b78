import { landingPathFor } from '@meterline/contract/roles';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/session';
import { StatusPage } from '../../../shared/ui/status-page';

export function ComingSoonPage() {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useSession();
  return (
    <StatusPage
      title={t('errors.comingSoon.title')}
      text={t('errors.comingSoon.text')}
      actionLabel={t('common.backHome')}
      actionTo={isLoggedIn ? landingPathFor(user?.role) : '/login'}
    />
  );
}
