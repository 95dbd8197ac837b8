import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages';
import { pseudoMessage } from '../../shared/i18n/pseudo';
import { readCatalog } from '../../scripts/compiled-catalogs';

const catalog = (language: string): Record<string, string> =>
  readCatalog(language === 'en' ? 'shared/i18n/catalogs/en.json' : `shared/i18n/catalogs/${language}`);
const english = catalog('en');
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

/**
 * Words a language writes as English does (a brand, an abbreviation, a word it shares): the only messages a
 * translated catalog may leave as they are in English, with those whose own text has no letters ("{name} · {mode}").
 * Anything else equal to English is a message nobody translated.
 */
const SAME_AS_ENGLISH: Record<string, ReadonlySet<string>> = {
  de: new Set([
    '3-D Secure',
    'PDF',
    'CSV',
    'UTC',
    'Esc',
    'Tab',
    'LIVE',
    'TEST',
    'Status',
    'Agent',
    'Administrator',
    'Name',
    'PIN',
    'Training',
  ]),
  fr: new Set([
    '3-D Secure',
    '{count, plural, one {# minute} other {# minutes}}',
    'PDF',
    'CSV',
    'UTC',
    'Ctrl',
    'Tab',
    'Date',
    'Agent',
    'Total',
    'Code',
    'PIN',
    'Message',
  ]),
  es: new Set(['3-D Secure', 'PDF', 'CSV', 'UTC', 'Ctrl', 'Esc', 'Tab', 'Total', 'PIN']),
};
const lettersOutsideArguments = (message: string): boolean =>
  (function hasLetters(elements: MessageFormatElement[]): boolean {
    return elements.some(
      (element) =>
        (element.type === TYPE.literal && /\p{L}/u.test(element.value)) ||
        ((element.type === TYPE.plural || element.type === TYPE.select) &&
          Object.values(element.options).some((option) => hasLetters(option.value))) ||
        (element.type === TYPE.tag && hasLetters(element.children)),
    );
  })(parse(message));

/** Each argument of a message and how it is used (plain, number, date, plural, select, tag), from every branch. */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, string>()): Map<string, string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.set(element.value, TYPE[element.type]);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}
const argumentList = (message: string) => [...argumentsOf(parse(message)).entries()].sort(([a], [b]) => a.localeCompare(b));

describe('the message catalogs', () => {
  test('the English catalog is exactly the messages the code declares: none missing, none nobody uses', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'packdesk-messages-')), 'en.json');
    execFileSync(process.execPath, ['scripts/extract-messages.mjs', '--out', out], { stdio: 'pipe' });
    const declared = JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
    // `npm run messages` writes the catalog again after a message is added, changed or removed.
    expect(english).toEqual(declared);
  });

  test.each(TRANSLATED)('%s has every English message and no other', (language) => {
    expect(Object.keys(catalog(language)).sort()).toEqual(Object.keys(english).sort());
  });

  test.each(TRANSLATED)('%s: every message parses and takes the same arguments, used the same way, as English', (language) => {
    const translated = catalog(language);
    const differing = Object.keys(english).filter(
      (id) => id in translated && JSON.stringify(argumentList(translated[id] ?? '')) !== JSON.stringify(argumentList(english[id] ?? '')),
    );
    expect(differing).toEqual([]);
  });

  test.each(TRANSLATED)('%s translates every message (none left in English but names and formats)', (language) => {
    const translated = catalog(language);
    const untranslated = Object.keys(english).filter((id) => {
      const words = english[id] ?? '';
      return translated[id] === words && lettersOutsideArguments(words) && !SAME_AS_ENGLISH[language]?.has(words);
    });
    expect(untranslated).toEqual([]);
  });

  test('the pseudo-locale brackets, accents and lengthens every message and keeps its arguments', () => {
    for (const [id, message] of Object.entries(english)) {
      const pseudo = pseudoMessage(parse(message));
      expect(argumentsOf(pseudo), id).toEqual(argumentsOf(parse(message)));
      expect(pseudo.at(0)).toEqual({ type: TYPE.literal, value: '[' });
      expect(pseudo.at(-1)).toEqual({ type: TYPE.literal, value: ']' });
    }
  });
});
