import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DatesProvider } from '@mantine/dates';
import { CALENDAR_LOCALES } from './calendar-locale';
import { FORMAT_LOCALES } from '../../../shared/i18n/languages';
import { useLanguage } from './language-store';

/** A message missing from a catalog is a defect the catalogs' test catches; at the counter it shows its English words. */
const reportMissing = (error: Error) => console.error(`[i18n] ${error.message}`);

/** Every screen's words in the active language. Switching re-renders in place: what the agent typed stays. */
export function Localized({ children }: { children: ReactNode }) {
  const language = useLanguage((state) => state.language);
  const catalog = useLanguage((state) => state.catalog);
  if (catalog === null) return null;
  return (
    <IntlProvider locale={FORMAT_LOCALES[language]} messages={catalog} defaultLocale="en-GB" onError={reportMissing}>
      <DatesProvider settings={{ locale: CALENDAR_LOCALES[language], firstDayOfWeek: 1 }}>{children}</DatesProvider>
    </IntlProvider>
  );
}
