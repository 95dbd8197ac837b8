import type { MessageDescriptor } from '@formatjs/intl';

/** A message as the code names it: its id in every catalog, and its English words (the English catalog is extracted from these). */
export interface Message extends MessageDescriptor {
  id: string;
  defaultMessage: string;
}

/**
 * A file's messages, declared once at the top. Named as FormatJS's so its extractor and lint rules find them;
 * untyped in their arguments, which the catalogs' test compares across languages instead.
 */
export function defineMessages<K extends string>(messages: Record<K, Message>): Record<K, Message> {
  return messages;
}

/**
 * A schema's message: its catalog id, worded where the issue is shown (schemaErrors in the page, main's invalid_input).
 * Written `.min(1, issue(words.nameRequired))`, `{ error: issue(words.x) }`, so shared/ never formats English itself.
 */
export function issue(message: Message): string {
  return message.id;
}

/** The product's name: a name, the same in every language. */
export const PRODUCT_NAME = 'Packdesk';

/** A message's words with its values: the screen's `intl.formatMessage` or main's words, so what both show is written once. */
export type Say = (message: Message, values?: Record<string, string | number>) => string;

/** How a text is worded: its messages, and the locale its dates, numbers and money are written in. */
export interface Wording {
  say: Say;
  locale: string;
}
