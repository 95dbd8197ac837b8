import { defineMessages } from '../../../shared/i18n/messages';

/** The keys' names as each language's keyboards print them (a German keyboard says Strg, not Ctrl). */
export const KEY_WORDS = defineMessages({
  ctrl: { id: 'key.ctrl', defaultMessage: 'Ctrl' },
  shift: { id: 'key.shift', defaultMessage: 'Shift' },
  enter: { id: 'key.enter', defaultMessage: 'Enter' },
  escape: { id: 'key.escape', defaultMessage: 'Esc' },
  tab: { id: 'key.tab', defaultMessage: 'Tab' },
  space: { id: 'key.space', defaultMessage: 'Space' },
});
