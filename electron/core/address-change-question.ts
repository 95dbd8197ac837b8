import { defineMessages } from '../../shared/i18n/messages';
import { KEY_SLOT_LABELS } from '../../shared/profiles';
import type { KeySlot } from '../../shared/profiles';
import type { AgentQuestion, QuestionWords } from './agent-questions';
import { hostsOf } from './api/key-origin';

const words = defineMessages({
  message: { id: 'main.addressChange.message', defaultMessage: 'Move “{profile}” from {old} to {next}?' },
  keys: {
    id: 'main.addressChange.keys',
    defaultMessage:
      '{count, plural, =0 {It has no keys saved.} one {Its key ({labels}) was given for {old}: it is deleted from the keychain now and never sent to {next}.} other {Its keys ({labels}) were given for {old}: they are deleted from the keychain now and never sent to {next}.}} Add the keys {next} gave you afterwards, in Settings.',
  },
  warning: {
    id: 'main.addressChange.warning',
    defaultMessage:
      'An e-mail saying the service has moved can be a trick to get your keys: change the address only if your provider confirmed it in its own dashboard or by phone.',
  },
  proceed: {
    id: 'main.addressChange.proceed',
    defaultMessage: '{keys, select, none {Move to {next}} other {Move to {next} and delete the keys}}',
  },
  cancel: { id: 'main.addressChange.cancel', defaultMessage: 'Keep {old}' },
});

/**
 * What main asks before a profile moves to another origin: both hosts named, the keys it will
 * delete, and the warning that "our API moved" is how a phishing e-mail asks for keys.
 */
export function addressChangeQuestion(
  say: QuestionWords,
  profileName: string,
  from: string,
  to: string,
  keysHeld: readonly KeySlot[],
): AgentQuestion {
  const [old, next] = hostsOf(from, to);
  const labels = keysHeld.map((slot) => say.text({ message: KEY_SLOT_LABELS[slot] })).join(', ');
  return {
    message: say.text({ message: words.message, values: { profile: profileName, old, next } }),
    detail: [
      say.text({ message: words.keys, values: { count: keysHeld.length, labels, old, next } }),
      say.text({ message: words.warning }),
    ].join('\n\n'),
    proceedLabel: say.text({ message: words.proceed, values: { keys: keysHeld.length === 0 ? 'none' : 'some', next } }),
    cancelLabel: say.text({ message: words.cancel, values: { old } }),
  };
}
