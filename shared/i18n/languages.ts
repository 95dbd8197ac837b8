import { z } from 'zod';

/** The languages Packdesk ships complete: every catalog holds every message. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
/** Accented, longer and bracketed English: the tests run in it to find any text that skipped the catalogs. */
export const PSEUDO_LANGUAGE = 'en-XA';

export const languageSchema = z.enum([...LANGUAGES, PSEUDO_LANGUAGE]);
export type Language = z.infer<typeof languageSchema>;

/** Each language named in itself, as a person looking for theirs reads it in a list. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'en-XA': '[Ƥšéûðö]',
};

/** The locale dates, numbers and money are written in for each language. */
export const FORMAT_LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', 'en-XA': 'en-GB' };

export const DEFAULT_LANGUAGE: Language = 'en';

/** The first of a system's preferred languages ("de-AT", "fr") that Packdesk speaks; English if none. */
export function languageOfLocales(locales: readonly string[]): Language {
  for (const locale of locales) {
    const spoken = LANGUAGES.find((language) => locale.toLowerCase().split(/[-_]/)[0] === language);
    if (spoken) return spoken;
  }
  return DEFAULT_LANGUAGE;
}

/** The language the screens are in, and whose choice it is: the signed-in agent's own, or this counter's. */
export const languageChoiceSchema = z.object({ language: languageSchema, chosenBy: z.enum(['agent', 'counter']) });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
