import type { IntlShape } from 'react-intl';
import type { KeySlot, ProfileKind } from '../../../../shared/profiles';
import { expectedKeyPrefix, keyProblem } from '../../../../shared/profiles';

export const KEY_SLOTS: KeySlot[] = ['test', 'live', 'publishable'];

/** The hint under a key field: which prefix it takes. */
export const keyPlaceholder = (kind: ProfileKind, slot: KeySlot): string => `${expectedKeyPrefix(kind, slot)}…`;

/** The field error to show as the agent types, or null; an empty field is allowed (the key can be added later). */
export function keyFieldError(intl: IntlShape, kind: ProfileKind, slot: KeySlot, value: string): string | null {
  const trimmed = value.trim();
  const problem = trimmed ? keyProblem(kind, slot, trimmed) : null;
  return problem ? intl.formatMessage(problem.message, problem.values) : null;
}
