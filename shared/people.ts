import { defineMessages, issue } from './i18n/messages';
import { z } from 'zod';

const words = defineMessages({
  agentNameRequired: { id: 'validation.people.agentNameRequired', defaultMessage: 'Give the agent a name.' },
  agentNameTooLong: { id: 'validation.people.agentNameTooLong', defaultMessage: 'A name has at most 60 characters.' },
  pinTooShort: { id: 'validation.people.pinTooShort', defaultMessage: 'A PIN has at least 4 characters.' },
  pinTooLong: { id: 'validation.people.pinTooLong', defaultMessage: 'A PIN has at most 128 characters.' },
  idleLockWhole: { id: 'validation.people.idleLockWhole', defaultMessage: 'Whole minutes only.' },
  idleLockTooShort: { id: 'validation.people.idleLockTooShort', defaultMessage: 'At least 1 minute.' },
  idleLockTooLong: { id: 'validation.people.idleLockTooLong', defaultMessage: 'At most 240 minutes (4 hours).' },
});

/** What a person at the counter may do: an agent sells, a supervisor also approves, an administrator also sets the counter up. */
export const roleSchema = z.enum(['agent', 'supervisor', 'administrator']);
export type Role = z.infer<typeof roleSchema>;

/** Roles from least to most: a role may do everything the ones before it may. */
export const ROLE_ORDER: readonly Role[] = roleSchema.options;

export const agentIdSchema = z.number().int().positive();
export const agentNameSchema = z.string().trim().min(1, issue(words.agentNameRequired)).max(60, issue(words.agentNameTooLong));
/** A PIN or a password: at least 4 characters, so a lockout after 5 tries leaves little to guess. */
export const pinSchema = z.string().min(4, issue(words.pinTooShort)).max(128, issue(words.pinTooLong));

/** An agent as the screens see it: never the PIN nor its hash. */
export const agentViewSchema = z.object({
  id: agentIdSchema,
  name: z.string(),
  role: roleSchema,
  /** ISO time until which sign-in is refused after 5 wrong PINs; null when not locked. */
  lockedUntil: z.string().nullable(),
  /** Wrong PINs since the last sign-in or lock. */
  failedTries: z.number().int(),
});
export type AgentView = z.infer<typeof agentViewSchema>;

/** Minutes without use before the screen locks by itself: 1 to 240; 5 until an administrator sets it. */
export const idleLockMinutesSchema = z
  .number()
  .int(issue(words.idleLockWhole))
  .min(1, issue(words.idleLockTooShort))
  .max(240, issue(words.idleLockTooLong));
export const DEFAULT_IDLE_LOCK_MINUTES = 5;

/** Who is working at this counter, and whether sign-in is asked at all (only once an administrator exists). */
export const peopleSessionSchema = z.object({
  /** The agent signed in, or the one whose screen is locked; null when nobody is. */
  agent: agentViewSchema.nullable(),
  /** Whether the active profile asks who is working (a live or test profile, once an administrator exists). */
  signInRequired: z.boolean(),
  /** Whether the screen is locked: `agent` unlocks it with their PIN; another agent signing in is a shift change. */
  locked: z.boolean(),
  /** Whether this counter has an administrator yet: the first live or test profile makes one. */
  administratorExists: z.boolean(),
  idleLockMinutes: idleLockMinutesSchema,
  /** The agent who signed in last at this counter, offered first on the sign-in screen; null before anyone has. */
  lastAgentId: agentIdSchema.nullable(),
});
export type PeopleSession = z.infer<typeof peopleSessionSchema>;

/** Whether a role may do what `need` may: each role may do everything the ones before it may. */
export const roleAtLeast = (role: Role, need: Role): boolean => ROLE_ORDER.indexOf(role) >= ROLE_ORDER.indexOf(need);

/**
 * The calls a supervisor approves in the moment, typing their PIN into the same dialog (the channels
 * marked `approval` in shared/permissions.ts): a refund, a change whose difference in price is above
 * its profile's threshold, a change marked by hand, a profile's address or keys, the agency link.
 */
export const approvalChannelSchema = z.enum([
  'bookings:cancel',
  'bookings:confirm-change',
  'bookings:resolve-change',
  'profiles:update',
  'keys:set',
  'keys:delete',
  'agency:connect',
  'agency:disconnect',
]);

/**
 * What main starts itself (no channel: File → Restore Ledger…) and a supervisor approves the same way,
 * for the whole counter (target `COUNTER_TARGET`): restoring a backup over the ledger.
 */
export const approvalActionSchema = z.enum(['ledger:restore']);
/** The target an approval of a whole-counter action names. */
export const COUNTER_TARGET = 1;

/** Every call or action a supervisor may approve. */
export const approvableSchema = z.enum([...approvalChannelSchema.options, ...approvalActionSchema.options]);
export type Approvable = z.infer<typeof approvableSchema>;

/** A supervisor's approval of one call: what it lets through, and until when. */
export const approvalSchema = z.object({
  approver: agentViewSchema,
  channel: approvableSchema,
  /** The booking (bookingId) or profile (profileId, or a profile's id) the approved call names; COUNTER_TARGET for the whole counter. */
  target: z.number().int().positive(),
  expiresAt: z.string(),
});
