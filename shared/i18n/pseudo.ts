import { TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { pseudoText } from './pseudo-text';

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value) }]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });

/** An English message as the pseudo-locale shows it: accented and longer, its arguments untouched, in brackets at both ends. */
export function pseudoMessage(english: MessageFormatElement[]): MessageFormatElement[] {
  return [literal('['), ...pseudoElements(english), literal(']')];
}

/** The pseudo-locale's catalog, made from the English one. */
export function pseudoCatalog(english: Record<string, MessageFormatElement[]>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoMessage(message)]));
}
