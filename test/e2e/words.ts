import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache } from '@formatjs/intl';
import { formatDate, formatMoney, formatNumber } from '../../shared/format';
import { FORMAT_LOCALES, PSEUDO_LANGUAGE, languageSchema } from '../../shared/i18n/languages';
import { pseudoText } from '../../shared/i18n/pseudo-text';
import { loadCatalog } from '../../shared/i18n/catalogs';
import { readCatalog } from '../../scripts/compiled-catalogs';
import { TEST_CARD_LABEL, TEST_PAYMENT_METHODS } from '../../shared/test-payment-methods';

/**
 * The language the browser suite runs in: English, or the one PACKDESK_TEST_LANGUAGE names. The suite run
 * in the pseudo-locale (`PACKDESK_TEST_LANGUAGE=en-XA`) finds any word a screen shows without a catalog.
 */
export const SUITE_LANGUAGE = languageSchema.parse(process.env.PACKDESK_TEST_LANGUAGE ?? 'en');

const ENGLISH = readCatalog('shared/i18n/catalogs/en.json');
const locale = FORMAT_LOCALES[SUITE_LANGUAGE];
// A message missing a value throws here: a test that words a message wrongly fails at once, saying which.
const intl = createIntl(
  {
    locale,
    defaultLocale: FORMAT_LOCALES.en,
    messages: await loadCatalog(SUITE_LANGUAGE),
    onError: (error) => {
      throw error;
    },
  },
  createIntlCache(),
);
// The screens mark what they format in the pseudo-locale as they mark a message (shared/format.ts).
const marked = (text: string): string => (SUITE_LANGUAGE === PSEUDO_LANGUAGE ? `[${pseudoText(text)}]` : text);

/** The words of catalog message `id` as the screens show them in the suite's language: what a test looks for. */
export function say(id: string, values?: Record<string, string | number>): string {
  const english = ENGLISH[id];
  if (english === undefined) throw new Error(`The English catalog has no message ${id}`);
  // Rich text (<strong>…</strong>) as a page's textContent reads it: the words alone.
  const tags = Object.fromEntries(tagNames(parse(english)).map((tag) => [tag, (chunks: string[]) => chunks.join('')]));
  return intl.formatMessage({ id, defaultMessage: english }, { ...tags, ...values });
}

function tagNames(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.tag) return [element.value, ...tagNames(element.children)];
    if (element.type === TYPE.plural || element.type === TYPE.select)
      return Object.values(element.options).flatMap((option) => tagNames(option.value));
    return [];
  });
}

/** An amount, a calendar date and a count as the screens write them in the suite's language. */
export const shownMoney = (amountMinor: number, currency: string): string => marked(formatMoney(amountMinor, currency, locale));
export const shownDate = (isoDate: string): string => marked(formatDate(isoDate, locale));
export const shownNumber = (value: number): string => marked(formatNumber(value, locale));
/** An amount as the main process writes it (a printed report, a CSV, an error): in the suite's locale, never marked. */
export const writtenMoney = (amountMinor: number, currency: string): string => formatMoney(amountMinor, currency, locale);

/** Stands for a value the test cannot know (a time, a count the service chose), also inside a value worded first. */
export const ANY = '\u{E000}';

/** `text` as a pattern that matches it literally, brackets and all. */
export const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The plain `{name}` arguments of a message, in its plurals', selects' and tags' parts too. */
function plainArguments(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.argument) return [element.value];
    if (element.type === TYPE.tag) return plainArguments(element.children);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      return Object.values(element.options).flatMap((option) => plainArguments(option.value));
    return [];
  });
}

/**
 * Catalog message `id` as a pattern, its values (each a plain `{name}`; a plural's or a select's value must be given)
 * matching any text: for words whose values come from the clock or the service.
 */
export function sayMatching(id: string, values: Record<string, string | number> = {}): RegExp {
  const english = ENGLISH[id];
  if (english === undefined) throw new Error(`The English catalog has no message ${id}`);
  const names = plainArguments(parse(english));
  const shown = say(id, { ...Object.fromEntries(names.map((name) => [name, ANY])), ...values });
  return new RegExp(literally(shown).split(ANY).join('.+?'));
}

/** Text that begins with catalog message `id` (its values unknown unless given, as in `sayMatching`): a name that goes on ("Bookings, Everything sold…"). */
export const sayingFirst = (id: string, values?: Record<string, string | number>): RegExp =>
  new RegExp(`^${sayMatching(id, values).source}`);

/** A message's words up to the first value given as `ANY`: how a control's name begins ("Pay " of "Pay €1,234.50"). */
export const sayBefore = (id: string, values: Record<string, string | number>): string => say(id, values).split(ANY)[0] ?? '';

/** A message that counts (`{count, plural, …}` with the count written as `{shown}`), as the screens word `count`. */
export const sayCount = (id: string, count: number): string => say(id, { count, shown: shownNumber(count) });

/** A test card as the payment step lists it: "Visa ending 3220 · Needs 3-D Secure". */
export function testCardChoice(last4: string): string {
  const method = TEST_PAYMENT_METHODS.find((entry) => entry.last4 === last4);
  if (!method) throw new Error(`No test card ends ${last4}`);
  return say('newBooking.payment.testCard.choice', {
    card: say(TEST_CARD_LABEL.id, { brand: method.brand, last4 }),
    outcome: say(method.outcome.id),
  });
}
