import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Wording } from '../../../shared/i18n/messages';

/** The screen's wording, for words both the screens and main's printed documents write (shared/report-wording.ts). */
export function useWording(): Wording {
  const intl = useIntl();
  return useMemo(() => ({ say: (message, values) => intl.formatMessage(message, values), locale: intl.locale }), [intl]);
}
