import { useEffect, useState } from 'react';
import { createIntl, createIntlCache, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { loadCatalog } from '../../../shared/i18n/catalogs';
import { FORMAT_LOCALES } from '../../../shared/i18n/languages';
import type { Language } from '../../../shared/i18n/languages';

const cache = createIntlCache();

/**
 * The words of a document printed for someone else (the traveler's voucher, a trainee's report) in the
 * language chosen for it, without changing the agent's: the screen's own words when it is the same
 * language; null while another language's catalog loads (it is let go when the document closes).
 */
export function useDocumentWords(language: Language): IntlShape | null {
  const screen = useIntl();
  const same = FORMAT_LOCALES[language] === screen.locale;
  const [loaded, setLoaded] = useState<{ language: Language; intl: IntlShape } | null>(null);
  useEffect(() => {
    if (same) return;
    let current = true;
    void loadCatalog(language).then((catalog) => {
      if (current)
        setLoaded({
          language,
          intl: createIntl({ locale: FORMAT_LOCALES[language], defaultLocale: FORMAT_LOCALES.en, messages: catalog }, cache),
        });
    });
    return () => {
      current = false;
    };
  }, [language, same]);
  if (same) return screen;
  return loaded?.language === language ? loaded.intl : null;
}
