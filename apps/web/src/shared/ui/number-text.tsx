import { useTranslation } from 'react-i18next';
import { stripBidiMarks } from './money';

/** A count in the user's language, isolated left to right so `-12` never becomes `12-`. */
export function NumberText({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <bdi dir="ltr">{stripBidiMarks(new Intl.NumberFormat(i18n.language === 'ar' ? 'ar-EG' : 'en-US').format(value))}</bdi>;
}
