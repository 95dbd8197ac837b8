import type { KeySlot, ProfileKind } from '../../../../shared/profiles';
import { expectedKeyPrefix, keyProblem } from '../../../../shared/profiles';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';

export const KEY_SLOTS: KeySlot[] = ['test', 'live', 'publishable'];

/** Each key's name, as its field and its row show it. */
export const KEY_SLOT_WORDS: Record<KeySlot, Message> = defineMessages({
  test: { id: 'settings.key.slot.test', defaultMessage: 'Service test key' },
  live: { id: 'settings.key.slot.live', defaultMessage: 'Service live key' },
  publishable: { id: 'settings.key.slot.publishable', defaultMessage: 'Stripe publishable key' },
});

/** The hint under a key field: which prefix it takes. */
export const keyPlaceholder = (kind: ProfileKind, slot: KeySlot): string => `${expectedKeyPrefix(kind, slot)}…`;

/** The field error to show as the agent types, or null; an empty field is allowed (the key can be added later). */
export function keyFieldError(kind: ProfileKind, slot: KeySlot, value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? keyProblem(kind, slot, trimmed) : null;
}
