import type { KeySlot } from '../../shared/profiles';
import { KEY_SLOT_LABELS } from '../../shared/profiles';
import type { AgentQuestion } from './agent-questions';
import { hostsOf } from './api/key-origin';

/**
 * What main asks before a profile moves to another origin: both hosts named, the keys it will
 * delete, and the warning that "our API moved" is how a phishing e-mail asks for keys.
 */
export function addressChangeQuestion(profileName: string, from: string, to: string, keysHeld: readonly KeySlot[]): AgentQuestion {
  const [old, next] = hostsOf(from, to);
  const labels = keysHeld.map((slot) => KEY_SLOT_LABELS[slot]).join(', ');
  const keys =
    keysHeld.length === 0
      ? 'It has no keys saved.'
      : keysHeld.length === 1
        ? `Its key (${labels}) was given for ${old}: it is deleted from the keychain now and never sent to ${next}.`
        : `Its keys (${labels}) were given for ${old}: they are deleted from the keychain now and never sent to ${next}.`;
  return {
    message: `Move “${profileName}” from ${old} to ${next}?`,
    detail: [
      `${keys} Add the keys ${next} gave you afterwards, in Settings.`,
      'An e-mail saying the service has moved can be a trick to get your keys: change the address only if your provider confirmed it in its own dashboard or by phone.',
    ].join('\n\n'),
    proceedLabel: keysHeld.length === 0 ? `Move to ${next}` : `Move to ${next} and delete the keys`,
    cancelLabel: `Keep ${old}`,
  };
}
