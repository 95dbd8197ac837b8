import { defineMessages, issue } from './i18n/messages';
import type { Message } from './i18n/messages';
import { z } from 'zod';
import { statusRulesSchema } from './status-rules';

/** Training runs on the built-in service; test is an organization in the service's test mode; live takes real money. */
export const profileKindSchema = z.enum(['training', 'test', 'live']);
export type ProfileKind = z.infer<typeof profileKindSchema>;

/** The three secrets a profile can hold. */
export const keySlotSchema = z.enum(['test', 'live', 'publishable']);
export type KeySlot = z.infer<typeof keySlotSchema>;

/** Each key's name, as its field, its row and the audit show it. */
export const KEY_SLOT_LABELS: Record<KeySlot, Message> = defineMessages({
  test: { id: 'settings.key.slot.test', defaultMessage: 'Service test key' },
  live: { id: 'settings.key.slot.live', defaultMessage: 'Service live key' },
  publishable: { id: 'settings.key.slot.publishable', defaultMessage: 'Stripe publishable key' },
});

const words = defineMessages({
  keyWrongPrefix: {
    id: 'validation.profiles.keyWrongPrefix',
    defaultMessage:
      'The {slot, select, test {service test key} live {service live key} other {Stripe publishable key}} of a {kind, select, test {test-mode} live {live} other {training}} profile must start with {prefix}, but this is a key starting with {seen}.',
  },
  keyNotAKey: {
    id: 'validation.profiles.keyNotAKey',
    defaultMessage:
      'The {slot, select, test {service test key} live {service live key} other {Stripe publishable key}} of a {kind, select, test {test-mode} live {live} other {training}} profile must start with {prefix}, but this is something that is not a key of this kind.',
  },
  keyBody: {
    id: 'validation.profiles.keyBody',
    defaultMessage: 'After {prefix} a key has at least 8 letters, digits, _ or -, and no spaces.',
  },
  baseUrlNotAnAddress: {
    id: 'validation.profiles.baseUrlNotAnAddress',
    defaultMessage: 'This is not a web address. It looks like https://api.example.com.',
  },
  baseUrlCredentials: {
    id: 'validation.profiles.baseUrlCredentials',
    defaultMessage: 'The address must not contain a user name or password.',
  },
  baseUrlQuery: { id: 'validation.profiles.baseUrlQuery', defaultMessage: 'The address must not contain ? or # parts.' },
  baseUrlNotHttps: {
    id: 'validation.profiles.baseUrlNotHttps',
    defaultMessage: 'The service address must start with https:// (plain http is only allowed on this computer, 127.0.0.1).',
  },
  thresholdNotANumber: {
    id: 'validation.profiles.thresholdNotANumber',
    defaultMessage: 'Enter the amount in minor units (cents), or clear it for no threshold.',
  },
  thresholdWhole: {
    id: 'validation.profiles.thresholdWhole',
    defaultMessage: 'Enter whole minor units (cents), without a decimal point.',
  },
  thresholdNegative: { id: 'validation.profiles.thresholdNegative', defaultMessage: 'A threshold cannot be negative.' },
  thresholdTooHigh: { id: 'validation.profiles.thresholdTooHigh', defaultMessage: 'That is more than any change costs.' },
});

/** Why a pasted key does not fit its slot: a message and its values, for where it is shown to word. */
export interface KeyProblem {
  message: Message;
  values: Record<string, string>;
}

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
export function keyProblem(kind: ProfileKind, slot: KeySlot, key: string): KeyProblem | null {
  const prefix = expectedKeyPrefix(kind, slot);
  if (!key.startsWith(prefix)) {
    const seen = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0];
    return seen
      ? { message: words.keyWrongPrefix, values: { slot, kind, prefix, seen } }
      : { message: words.keyNotAKey, values: { slot, kind, prefix } };
  }
  if (!KEY_BODY.test(key.slice(prefix.length))) return { message: words.keyBody, values: { prefix } };
  return null;
}

/** Service addresses must be https, except the loopback addresses used by a local copy of the service; the problem is a message, or null. */
export function baseUrlProblem(raw: string): Message | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return words.baseUrlNotAnAddress;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) {
    if (url.username || url.password) return words.baseUrlCredentials;
    if (url.search || url.hash) return words.baseUrlQuery;
    return null;
  }
  return words.baseUrlNotHttps;
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
  .number({ error: issue(words.thresholdNotANumber) })
  .int(issue(words.thresholdWhole))
  .nonnegative(issue(words.thresholdNegative))
  .max(1_000_000_000, issue(words.thresholdTooHigh))
  .nullable();
