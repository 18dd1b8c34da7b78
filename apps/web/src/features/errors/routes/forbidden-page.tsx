import { landingPathFor } from '@meterline/contract/roles';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/session';
import { StatusPage } from '../../../shared/ui/status-page';

export function ForbiddenPage() {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useSession();
  return (
    <StatusPage
      code={t('errors.codes.forbidden')}
      title={t('errors.forbidden.title')}
      text={t('errors.forbidden.text')}
      actionLabel={t('common.backHome')}
      actionTo={isLoggedIn ? landingPathFor(user?.role) : '/login'}
    />
  );
}
