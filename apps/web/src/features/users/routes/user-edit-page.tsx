import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

/** Placeholder: a later issue replaces it with the real screen. */
export function UserEditPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.users.edit')} />;
}
