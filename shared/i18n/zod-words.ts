import { z } from 'zod';
import type { Language } from './languages';
import { pseudoText } from './pseudo-text';

type ZodLocale = { default: () => { localeError: z.core.$ZodErrorMap } };

/** Zod's own translations of its built-in issues, one chunk per language, loaded with that language's catalog. */
const LOADERS: Record<Language, () => Promise<ZodLocale>> = {
  en: () => import('zod/v4/locales/en.js'),
  de: () => import('zod/v4/locales/de.js'),
  fr: () => import('zod/v4/locales/fr.js'),
  es: () => import('zod/v4/locales/es.js'),
  'en-XA': () => import('zod/v4/locales/en.js'),
};

/** Zod's words for `language` (the pseudo-locale's marked), loaded: what `applyZodWords` puts in place. */
export async function zodWordsFor(language: Language): Promise<z.core.$ZodErrorMap> {
  const { localeError } = (await LOADERS[language]()).default();
  return language === 'en-XA' ? (issue) => marked(localeError(issue)) : localeError;
}

/** Zod's built-in issues (a schema that gave no message of ours) are worded by `words` from now on, in this whole process. */
export function applyZodWords(words: z.core.$ZodErrorMap): void {
  z.config({ localeError: words });
}

/**
 * Words zod's built-in issues ("too long", "expected a number") in `language` from now on, with zod's own
 * well-kept translations; the pseudo-locale marks the English ones. Zod's words are global, so the process
 * (main, or the page) follows its one language in use.
 */
export async function followZodLanguage(language: Language): Promise<void> {
  applyZodWords(await zodWordsFor(language));
}

function marked(said: ReturnType<z.core.$ZodErrorMap>): string | undefined {
  const text = typeof said === 'string' ? said : said?.message;
  return text === undefined ? undefined : pseudoText(text);
}
