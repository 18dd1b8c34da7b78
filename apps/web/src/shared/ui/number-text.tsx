import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format-number';

/** A count in the user's language and digits, isolated left to right so `-12` never becomes `12-`. */
export function NumberText({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <bdi dir="ltr">{formatCount(value, i18n.language)}</bdi>;
}
