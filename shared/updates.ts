import { z } from 'zod';
import { defineMessages, issue } from './i18n/messages';
import type { Message } from './i18n/messages';

const words = defineMessages({
  feedNotAnAddress: { id: 'validation.updates.feedNotAnAddress', defaultMessage: 'Enter the feed’s full address, starting with https://.' },
  feedCredentials: { id: 'validation.updates.feedCredentials', defaultMessage: 'A feed address carries no user name or password.' },
  feedNotHttps: {
    id: 'validation.updates.feedNotHttps',
    defaultMessage: 'The feed must be an https:// address (plain http only on this computer itself).',
  },
  feedTooLong: { id: 'validation.updates.feedTooLong', defaultMessage: 'A feed address has at most 500 characters.' },
});

/** Which feed a counter follows: `stable` (latest*.yml), or `early` (early*.yml), which gets a version first. */
export const updateChannelSchema = z.enum(['stable', 'early']);
export type UpdateChannel = z.infer<typeof updateChannelSchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a feed address may be used: https, or plain http on this computer's loopback only (a
 * feed served on the counter itself, or in tests). Anything else could be swapped on the way. The problem is a
 * message for where it is shown to word; null when the address may be used.
 */
export function feedAddressProblem(address: string): Message | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return words.feedNotAnAddress;
  }
  if (url.username || url.password) return words.feedCredentials;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return words.feedNotHttps;
}

/** A feed address as typed in Settings; empty turns updates off. */
export const feedAddressSchema = z
  .string()
  .trim()
  .max(500, issue(words.feedTooLong))
  .superRefine((address, context) => {
    const problem = address === '' ? null : feedAddressProblem(address);
    if (problem) context.addIssue({ code: 'custom', message: issue(problem) });
  });

export const updateSettingsInputSchema = z.object({ feedUrl: feedAddressSchema, channel: updateChannelSchema }).strict();
export type UpdateSettingsInput = z.infer<typeof updateSettingsInputSchema>;

/**
 * Where this counter's updating stands: off (no feed), checking, up to date, a newer version not
 * offered to this counter yet (staged rollout), downloading, downloaded (installs at quit), waiting
 * to install (the agent agreed; a write or a payment is still under way), refused (checksum), failed.
 */
export const updateStateSchema = z.enum([
  'off',
  'idle',
  'checking',
  'up-to-date',
  'not-offered',
  'downloading',
  'downloaded',
  'waiting-to-install',
  'installing',
  'refused',
  'failed',
]);
export type UpdateState = z.infer<typeof updateStateSchema>;

export const updateStatusSchema = z.object({
  /** The version running now. */
  version: z.string(),
  channel: updateChannelSchema,
  /** The feed this counter reads, or null: updates are off. */
  feedUrl: z.string().nullable(),
  state: updateStateSchema,
  /** The newer version the feed offers, when there is one. */
  available: z.string().nullable(),
  /** The state in words for the agent. */
  message: z.string(),
  /** ISO instant of the last check that reached the feed, or null. */
  lastCheckAt: z.string().nullable(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;
