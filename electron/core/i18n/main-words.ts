import { createIntl, createIntlCache } from '@formatjs/intl';
import type { IntlShape } from '@formatjs/intl';
import { formatMoney } from '../../../shared/format';
import { loadCatalog } from '../../../shared/i18n/catalogs';
import { FORMAT_LOCALES } from '../../../shared/i18n/languages';
import type { Language } from '../../../shared/i18n/languages';
import type { Message, Wording } from '../../../shared/i18n/messages';
import { followZodLanguage } from '../../../shared/i18n/zod-words';

/** An amount in a message: written in the language's locale, with the currency's minor units. */
export interface MoneyValue {
  minor: number;
  currency: string;
}
export type WordValues = Record<string, string | number | MoneyValue>;
/** A text's values: these, or a message worded first in the same language (what a call does, in a refusal). */
export type TextValues = Record<string, WordValues[string] | { message: Message; values?: TextValues }>;
/** Words main shows a person: a catalog message with its values, or (from a person or the service) text as it came. */
export type Text = string | { message: Message; values?: TextValues };

const cache = createIntlCache();
// A message with no translation loaded yet shows its English words: never an error at the counter.
const quiet = () => undefined;
const intlOf = (language: Language, messages: Awaited<ReturnType<typeof loadCatalog>>): IntlShape =>
  createIntl({ locale: FORMAT_LOCALES[language], defaultLocale: FORMAT_LOCALES.en, messages, onError: quiet }, cache);
const english = intlOf('en', {});

function format(intl: IntlShape, text: Text): string {
  if (typeof text === 'string') return text;
  const values = Object.fromEntries(
    Object.entries(text.values ?? {}).map(([name, value]) => [
      name,
      typeof value !== 'object' ? value : 'message' in value ? format(intl, value) : formatMoney(value.minor, value.currency, intl.locale),
    ]),
  );
  return intl.formatMessage(text.message, values);
}

const wordingOf = (intl: IntlShape): Wording => ({ say: (message, values) => intl.formatMessage(message, values), locale: intl.locale });

/** The English words of a text: what main's logs keep. */
export const englishText = (text: Text): string => format(english, text);

/** Main's words in the language the counter is in now (`language`): errors, dialogs, menus, printed documents. */
export interface MainWords {
  text(text: Text): string;
  /** How a document printed now is worded: the language in use. */
  wording(): Wording;
  /** How a document is worded in a language chosen for it (the traveler's voucher), its words loaded first. */
  wordingIn(language: Language): Promise<Wording>;
  /** Loads the language in use now, so its words are ready before they are asked for. */
  follow(): Promise<void>;
  /** The language in use now. */
  language(): Language;
}

export function createMainWords(language: () => Language): MainWords {
  const loaded = new Map<Language, IntlShape>([['en', english]]);
  async function load(wanted: Language): Promise<IntlShape> {
    const ready = loaded.get(wanted);
    if (ready) return ready;
    const intl = intlOf(wanted, await loadCatalog(wanted));
    // Only the language in use stays in memory (and English, whose words are the code's own).
    for (const other of loaded.keys()) if (other !== 'en' && other !== language()) loaded.delete(other);
    loaded.set(wanted, intl);
    return intl;
  }
  return {
    text: (text) => format(loaded.get(language()) ?? english, text),
    wording: () => wordingOf(loaded.get(language()) ?? english),
    wordingIn: async (wanted) => wordingOf(await load(wanted)),
    follow: async () => {
      const now = language();
      await Promise.all([load(now), followZodLanguage(now)]);
    },
    language,
  };
}
