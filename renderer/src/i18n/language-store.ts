import { create } from 'zustand';
import { loadCatalog } from '../../../shared/i18n/catalogs';
import type { IntlShape } from 'react-intl';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import type { Language, LanguageChoice } from '../../../shared/i18n/languages';
import { setFormatLanguage } from '../../../shared/format';
import { call } from '../bridge';
import { loadCalendarLocale } from './calendar-locale';
import { applyZodWords, zodWordsFor } from '../../../shared/i18n/zod-words';
import { wordsFor } from './current-intl';

interface LanguageState {
  language: Language;
  chosenBy: LanguageChoice['chosenBy'];
  /** The active language's words; null until its catalog has loaded. */
  intl: IntlShape | null;
  /** Shows the screens in the language main says applies now (at start, and when who is working changes). */
  follow(): Promise<void>;
  /** The agent's choice in Settings: main keeps it (theirs, or the counter's) and the screens switch in place. */
  choose(language: Language): Promise<void>;
}

let loading = 0;

export const useLanguage = create<LanguageState>((set, get) => {
  async function show({ language, chosenBy }: LanguageChoice): Promise<void> {
    if (language === get().language && get().intl !== null) {
      set({ chosenBy });
      return;
    }
    // The last choice wins when two loads overlap.
    const ticket = ++loading;
    // Zod's words are read only when a form checks a field: loaded beside the catalog, never holding up the repaint.
    const zodWords = zodWordsFor(language);
    const [catalog] = await Promise.all([loadCatalog(language), loadCalendarLocale(language)]);
    if (ticket !== loading) return;
    setFormatLanguage(language);
    document.documentElement.lang = language;
    set({ language, chosenBy, intl: wordsFor(language, catalog) });
    const words = await zodWords;
    if (ticket === loading) applyZodWords(words);
  }
  return {
    language: DEFAULT_LANGUAGE,
    chosenBy: 'counter',
    intl: null,
    // A counter whose main cannot say still opens, in English, and says so in its own words.
    follow: async () => show(await call('language:get', {}).catch(() => ({ language: DEFAULT_LANGUAGE, chosenBy: 'counter' as const }))),
    choose: async (language) => show(await call('language:set', { language })),
  };
});
