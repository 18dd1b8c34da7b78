import { landingPathFor } from '@meterline/contract/roles';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/session';
import { StatusPage } from '../../../shared/ui/status-page';

export function UnderConstructionPage() {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useSession();
  return (
    <StatusPage
      title={t('errors.underConstruction.title')}
      text={t('errors.underConstruction.text')}
      actionLabel={t('common.backHome')}
      actionTo={isLoggedIn ? landingPathFor(user?.role) : '/login'}
    />
  );
}
