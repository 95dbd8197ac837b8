import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { DatesProvider } from '@mantine/dates';
import { CALENDAR_LOCALES } from './calendar-locale';
import { useLanguage } from './language-store';

/** Every screen's words in the active language. Switching re-renders in place: what the agent typed stays. */
export function Localized({ children }: { children: ReactNode }) {
  const language = useLanguage((state) => state.language);
  const intl = useLanguage((state) => state.intl);
  if (intl === null) return null;
  return (
    <RawIntlProvider value={intl}>
      <DatesProvider settings={{ locale: CALENDAR_LOCALES[language], firstDayOfWeek: 1 }}>{children}</DatesProvider>
    </RawIntlProvider>
  );
}
