import type { Message } from '../../../shared/i18n/messages';
import { storedWordsSchema } from '../../../shared/stored-words';
import type { StoredWords } from '../../../shared/stored-words';
import { englishText } from '../i18n/main-words';
import type { Text, WordValues } from '../i18n/main-words';

/** The messages main has stored words of in this run, by id: so main can word them again (a refusal, a restore's outcome). */
const known = new Map<string, Message>();

/** A message and its values as the ledger keeps them beside the English text. */
export function storedWords(message: Message, values: WordValues = {}): StoredWords {
  known.set(message.id, message);
  return { id: message.id, values: { ...values } };
}

/** A timeline line: its English summary (what exports, logs and older counters read) and its words. */
export function eventWords(message: Message, values?: WordValues): { summary: string; words: StoredWords } {
  return { summary: englishText({ message, values }), words: storedWords(message, values) };
}

/** A booking's attention as the ledger writes it: its English text and its words. */
export interface Worded {
  attention: string;
  attentionWords: StoredWords;
}

/** A booking's attention: its English text and its words, written together in a patch or a new row. */
export function attentionWords(message: Message, values?: WordValues): Worded {
  return { attention: englishText({ message, values }), attentionWords: storedWords(message, values) };
}

/** No attention: the text and its words cleared together. */
export const NO_ATTENTION = { attention: null, attentionWords: null } as const;

/** Words as the ledger's column holds them (JSON), or null. */
export const serializeWords = (words: StoredWords | null | undefined): string | null => (words ? JSON.stringify(words) : null);

/** A column's stored words, or null when there are none or they are not words this Packdesk reads (the English text is shown). */
export function parseWords(stored: string | null | undefined): StoredWords | null {
  if (!stored) return null;
  try {
    const parsed = storedWordsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stored words as a text main can word in the counter's language (a message stored in this run), else the recorded English. */
export function textOfWords(words: StoredWords | null, recorded: string): Text {
  const message = words ? known.get(words.id) : undefined;
  return words && message ? { message, values: words.values } : recorded;
}
