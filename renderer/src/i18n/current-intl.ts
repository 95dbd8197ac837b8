import { createIntl, createIntlCache } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { FORMAT_LOCALES } from '../../../shared/i18n/languages';
import type { Language } from '../../../shared/i18n/languages';
import type { Catalog } from '../../../shared/i18n/catalogs';

const cache = createIntlCache();
/** A message missing from a catalog is a defect the catalogs' test catches; at the counter it shows its English words. */
const reportMissing = (error: Error) => console.error(`[i18n] ${error.message}`);
let current: IntlShape = createIntl(
  { locale: FORMAT_LOCALES.en, defaultLocale: FORMAT_LOCALES.en, messages: {}, onError: reportMissing },
  cache,
);

/** The words of the active language, for the screens (through Localized) and for code outside them (the stores). */
export function wordsFor(language: Language, catalog: Catalog): IntlShape {
  current = createIntl(
    { locale: FORMAT_LOCALES[language], defaultLocale: FORMAT_LOCALES.en, messages: catalog, onError: reportMissing },
    cache,
  );
  return current;
}

/** The active language's words, where no component is at hand (an error caught in a store). */
export const currentIntl = (): IntlShape => current;
