import type { z } from 'zod';
import englishCatalog from '../../shared/i18n/catalogs/en.json';
import { defineMessages } from '../../shared/i18n/messages';
import { AppError } from './app-error';
import { englishText } from './i18n/main-words';
import type { MainWords, Text } from './i18n/main-words';

const words = defineMessages({
  notUnderstood: { id: 'error.dispatch.invalidInput.notUnderstood', defaultMessage: 'The request was not understood' },
  field: { id: 'error.dispatch.invalidInput.field', defaultMessage: '{where, select, field { ({path})} other {}}.' },
  hint: { id: 'error.dispatch.invalidInput.hint', defaultMessage: 'Correct the highlighted field and try again.' },
});

const ENGLISH: Partial<Record<string, string>> = englishCatalog;

/**
 * An issue's words: a shared schema's message is a catalog id (`issue(...)` in shared/i18n/messages.ts), worded
 * in the counter's language with its English from the catalog; any other (zod's own) is shown as it came.
 */
function issueText(message: string | undefined): Text {
  if (message === undefined) return { message: words.notUnderstood };
  const english = ENGLISH[message];
  return english === undefined ? message : { message: { id: message, defaultMessage: english } };
}

/** A call whose input its schema refused: the first issue's words, the field it is about, one full stop at the end. */
class InputRefused extends AppError {
  readonly #issue: Text;
  readonly #field: Text;

  constructor(issue: Text, field: Text) {
    super('invalid_input', `${englishText(issue)}${englishText(field)}`.replace('..', '.'), { message: words.hint });
    this.#issue = issue;
    this.#field = field;
  }

  override localize(mainWords: MainWords): this {
    super.localize(mainWords);
    this.message = `${mainWords.text(this.#issue)}${mainWords.text(this.#field)}`.replace('..', '.');
    return this;
  }
}

/** The refusal of a call whose input does not fit its channel's schema. */
export function invalidInput(issues: z.core.$ZodIssue[]): AppError {
  const first = issues[0];
  const path = first && first.path.length > 0 ? first.path.join('.') : '';
  return new InputRefused(issueText(first?.message), { message: words.field, values: { where: path ? 'field' : 'none', path } });
}
