import type { Language } from '../../../shared/i18n/languages';

/**
 * The calendars' month and day names (dayjs, under Mantine's date fields) for each language, loaded with
 * its catalog; the pseudo-locale's calendar stays English, as its dates are already marked by shared/format.ts.
 */
const LOADERS: Record<Language, () => Promise<unknown>> = {
  en: () => import('dayjs/locale/en-gb.js'),
  de: () => import('dayjs/locale/de.js'),
  fr: () => import('dayjs/locale/fr.js'),
  es: () => import('dayjs/locale/es.js'),
  'en-XA': () => import('dayjs/locale/en-gb.js'),
};
export const CALENDAR_LOCALES: Record<Language, string> = { en: 'en-gb', de: 'de', fr: 'fr', es: 'es', 'en-XA': 'en-gb' };

export async function loadCalendarLocale(language: Language): Promise<void> {
  await LOADERS[language]();
}
