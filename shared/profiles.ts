import { defineMessages } from './i18n/messages';
import type { Message } from './i18n/messages';
import { z } from 'zod';
import { statusRulesSchema } from './status-rules';

/** Training runs on the built-in service; test is an organization in the service's test mode; live takes real money. */
export const profileKindSchema = z.enum(['training', 'test', 'live']);
export type ProfileKind = z.infer<typeof profileKindSchema>;

/** The three secrets a profile can hold. */
export const keySlotSchema = z.enum(['test', 'live', 'publishable']);
export type KeySlot = z.infer<typeof keySlotSchema>;

export const KEY_SLOT_LABELS: Record<KeySlot, string> = {
  test: 'Service test key',
  live: 'Service live key',
  publishable: 'Stripe publishable key',
};

/** What the renderer may know of a stored key: whether it is there, and its last four characters. */
export const keyStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('set'), lastFour: z.string() }),
  z.object({ state: z.literal('missing') }),
  z.object({ state: z.literal('provided'), note: z.string() }),
  z.object({ state: z.literal('unreadable') }),
]);
export type KeyStatus = z.infer<typeof keyStatusSchema>;

export const profileViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: profileKindSchema,
  /** Empty for the built-in service, whose address is chosen at start-up. */
  baseUrl: z.string(),
  builtIn: z.boolean(),
  keys: z.record(keySlotSchema, keyStatusSchema),
  statusRules: statusRulesSchema,
  /** Above this difference in price (minor units, a refund or a charge), confirming a change needs a supervisor; null: never for its amount. */
  changeApprovalAboveMinor: z.number().int().nullable(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const MODE_LABELS: Record<ProfileKind, Message> = defineMessages({
  training: { id: 'profile.mode.training', defaultMessage: 'TRAINING' },
  test: { id: 'profile.mode.test', defaultMessage: 'TEST' },
  live: { id: 'profile.mode.live', defaultMessage: 'LIVE' },
});

/** Which key prefixes fit which slot of which kind of profile; a test-mode organization pays with Stripe test cards. */
export function expectedKeyPrefix(kind: ProfileKind, slot: KeySlot): string {
  if (slot === 'test') return 'sk_test_';
  if (slot === 'live') return 'sk_live_';
  return kind === 'live' ? 'pk_live_' : 'pk_test_';
}

const KEY_BODY = /^[A-Za-z0-9_-]{8,200}$/;

/** Checks a pasted key against its slot; returns the reason it does not fit, or null when it does. */
export function keyProblem(kind: ProfileKind, slot: KeySlot, key: string): string | null {
  const prefix = expectedKeyPrefix(kind, slot);
  if (!key.startsWith(prefix)) {
    const seen = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0];
    const found = seen ? `a key starting with ${seen}` : 'something that is not a key of this kind';
    return `The ${KEY_SLOT_LABELS[slot].toLowerCase()} of a ${kind === 'test' ? 'test-mode' : kind} profile must start with ${prefix}, but this is ${found}.`;
  }
  if (!KEY_BODY.test(key.slice(prefix.length))) {
    return `After ${prefix} a key has at least 8 letters, digits, _ or -, and no spaces.`;
  }
  return null;
}

/** Service addresses must be https, except the loopback addresses used by a local copy of the service. */
export function baseUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'This is not a web address. It looks like https://api.example.com.';
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) {
    if (url.username || url.password) return 'The address must not contain a user name or password.';
    if (url.search || url.hash) return 'The address must not contain ? or # parts.';
    return null;
  }
  return 'The service address must start with https:// (plain http is only allowed on this computer, 127.0.0.1).';
}

/** The form the address is stored in: no trailing slash, so paths can be appended. */
export function normalizeBaseUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '');
}

/** Whether a typed address is at another origin (scheme, host or port) than the saved one, where the saved keys do not go. */
export function isAnotherOrigin(saved: string, typed: string): boolean {
  const address = normalizeBaseUrl(typed);
  return URL.canParse(saved) && URL.canParse(address) && new URL(saved).origin !== new URL(address).origin;
}

/** A change's difference in price above which a supervisor approves it, in minor units (cents); null for none. */
export const changeApprovalThresholdSchema = z
  .number({ error: 'Enter the amount in minor units (cents), or clear it for no threshold.' })
  .int('Enter whole minor units (cents), without a decimal point.')
  .nonnegative('A threshold cannot be negative.')
  .max(1_000_000_000, 'That is more than any change costs.')
  .nullable();
