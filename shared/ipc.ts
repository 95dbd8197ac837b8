import { z } from 'zod';
import { keySlotSchema, keyStatusSchema, profileKindSchema, profileViewSchema } from './profiles';

const noInput = z.object({}).strict();
const profileId = z.number().int().positive();
const profileName = z.string().trim().min(1, 'Give the profile a name.').max(60, 'A profile name has at most 60 characters.');
const keyValue = z.string().trim().min(1, 'Paste the key.').max(300, 'That is longer than any key.');

/** Each IPC channel, declared once: the main side validates inputs with these, the bridges are built from the names. */
export const channels = {
  'app:status': {
    input: noInput,
    output: z.object({
      version: z.string(),
      online: z.boolean(),
      keychain: z.enum(['available', 'unavailable']),
      keychainHint: z.string().nullable(),
    }),
  },
  'profiles:list': {
    input: noInput,
    output: z.object({ profiles: z.array(profileViewSchema), activeProfileId: profileId }),
  },
  'profiles:create': {
    input: z
      .object({
        name: profileName,
        kind: profileKindSchema.exclude(['training']),
        baseUrl: z.string().trim().min(1, 'Enter the service address.').max(500),
        keys: z.partialRecord(keySlotSchema, keyValue).default({}),
      })
      .strict(),
    output: profileViewSchema,
  },
  'profiles:update': {
    input: z.object({ id: profileId, name: profileName, baseUrl: z.string().trim().max(500) }).strict(),
    output: profileViewSchema,
  },
  'profiles:delete': {
    input: z.object({ id: profileId }).strict(),
    output: z.object({ deletedId: profileId, activeProfileId: profileId }),
  },
  'profiles:activate': {
    input: z.object({ id: profileId }).strict(),
    output: profileViewSchema,
  },
  'keys:set': {
    input: z.object({ profileId, slot: keySlotSchema, value: keyValue }).strict(),
    output: keyStatusSchema,
  },
  'keys:delete': {
    input: z.object({ profileId, slot: keySlotSchema }).strict(),
    output: keyStatusSchema,
  },
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;
export const channelNames = Object.keys(channels) as ChannelName[];

/** Events pushed from the main process to the renderer. */
export const events = {
  'event:connectivity-change': z.object({ profileId, online: z.boolean() }),
  'event:profiles-change': z.object({ activeProfileId: profileId }),
  'event:booking-change': z.object({ bookingId: z.number().int(), profileId, status: z.string() }),
  /** A menu item or shortcut handled by the main process asks the renderer to show a screen. */
  'event:navigate': z.object({ screen: z.enum(['new-booking', 'bookings', 'settings']) }),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export const eventNames = Object.keys(events) as EventName[];

/** The single IPC channel events travel on; the payload names the event. */
export const EVENT_CHANNEL = 'packdesk:event';
export type PushedEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];
