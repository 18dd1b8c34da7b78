import type { DigitSystem } from '@meterline/contract/digits';
import { useTranslation } from 'react-i18next';

/** What each digit system looks like, written in it whatever the user's choice (so it is exempt from it). */
const SAMPLES: Record<DigitSystem, string> = { arab: '٠١٢٣', latn: '0123' };

/**
 * A digit system's name with a sample ("Western 0123"), for the profile's and the settings' choice.
 * The sample is marked `data-verbatim`: the Arabic journey's digit check skips it.
 */
export function DigitSystemLabel({ system }: { system: DigitSystem }) {
  const { t } = useTranslation();
  return (
    <span>
      {t(`profile.digits.options.${system}`)}{' '}
      <bdi dir="ltr" data-verbatim="">
        {SAMPLES[system]}
      </bdi>
    </span>
  );
}
