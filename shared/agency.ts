import { defineMessages, issue } from './i18n/messages';
import type { Message } from './i18n/messages';
import { z } from 'zod';
import { updateChannelSchema, updateStateSchema } from './updates';

const words = defineMessages({
  minimumVersionFormat: { id: 'validation.agency.minimumVersionFormat', defaultMessage: 'A version such as 1.5.0, or empty for none.' },
  hostRequired: { id: 'validation.agency.hostRequired', defaultMessage: 'Give the agency server’s host name or address.' },
  hostFormat: { id: 'validation.agency.hostFormat', defaultMessage: 'A host name has letters, digits, dots and dashes only.' },
  sqlNameTooLong: { id: 'validation.agency.sqlNameTooLong', defaultMessage: 'At most 63 characters.' },
  sqlNameFormat: { id: 'validation.agency.sqlNameFormat', defaultMessage: 'Letters, digits, dots, dashes and underscores only.' },
  portRange: { id: 'validation.agency.portRange', defaultMessage: 'A port is 1 to 65535.' },
  databaseRequired: { id: 'validation.agency.databaseRequired', defaultMessage: 'Give the name of the agency’s database.' },
  userRequired: { id: 'validation.agency.userRequired', defaultMessage: 'Give the user name the agency set up for its counters.' },
  certificateWhole: {
    id: 'validation.agency.certificateWhole',
    defaultMessage: 'Paste the whole certificate, from -----BEGIN CERTIFICATE-----.',
  },
  counterNameRequired: { id: 'validation.agency.counterNameRequired', defaultMessage: 'Name this counter, such as “Desk 2”.' },
  counterNameTooLong: { id: 'validation.agency.counterNameTooLong', defaultMessage: 'A counter name has at most 40 characters.' },
  unencryptedRemote: {
    id: 'validation.agency.unencryptedRemote',
    defaultMessage:
      'Not encrypted is only for a server on this computer (localhost, 127.0.0.1). Choose encrypted and checked for the agency’s server.',
  },
});

const profileId = z.number().int().positive();

/** How this counter stands with the agency's server, as the status bar says it. */
export const agencyLinkSchema = z.discriminatedUnion('kind', [
  /** No agency server set for any profile: the counter works on its own ledger. */
  z.object({ kind: z.literal('off') }),
  z.object({ kind: z.literal('connecting') }),
  z.object({ kind: z.literal('live') }),
  /** Taking in other counters' changes; `behind` of them still to apply. */
  z.object({ kind: z.literal('catching-up'), behind: z.number().int().min(0) }),
  /** ISO instant of the first failure of this outage. */
  z.object({ kind: z.literal('unreachable'), since: z.string() }),
  /** Reached, but not used: not trusted as the profile asks, or upgraded by a newer Packdesk. In words. */
  z.object({ kind: z.literal('refused'), message: z.string(), hint: z.string() }),
]);
export type AgencyLink = z.infer<typeof agencyLinkSchema>;

/** Why an agent from the agency was not taken here (the screens word it). */
export const agentSetAsideReasonSchema = z.discriminatedUnion('kind', [
  /** A row this counter cannot read: malformed, from a broken or hostile server. */
  z.object({ kind: z.literal('unreadable') }),
  /** Another agent of the agency already has its name at this counter. */
  z.object({ kind: z.literal('name-of-another-agency-agent'), name: z.string() }),
  /** An agent added here has its name. */
  z.object({ kind: z.literal('name-taken-here'), name: z.string() }),
]);
export type AgentSetAsideReason = z.infer<typeof agentSetAsideReasonSchema>;

/** Why agents or audit entries made here are not reaching the agency (the screens word it). */
export const agencyPeopleProblemSchema = z.discriminatedUnion('kind', [
  /** This counter's agency user may not define agents: those added or changed here stay here. */
  z.object({ kind: z.literal('not-an-administrator') }),
  /** The agency refused an agent sent from here: its name is another agent's there, or it is not an agent as the agency keeps them. */
  z.object({ kind: z.literal('agent-refused'), name: z.string(), why: z.enum(['name-taken', 'not-an-agent']) }),
  /** The agency holds another audit chain under this counter's id; `detail` is the agency server's own words. */
  z.object({ kind: z.literal('audit-diverged'), detail: z.string() }),
]);
export type AgencyPeopleProblem = z.infer<typeof agencyPeopleProblemSchema>;

/** The agents and audit entries this counter shares with the agency. */
export const agencyPeopleStatusSchema = z.object({
  /** Whether agents added or changed here reach every counter: only when this counter's user is one of the agency's administrators. */
  definesAgents: z.boolean(),
  /** Agents from the agency this counter would not take (a malformed row, a name taken here), by the agency's revision, and why. */
  agentsSetAside: z.array(z.object({ revision: z.number().int(), problem: agentSetAsideReasonSchema })),
  /** This counter's audit entries the agency has not taken yet (they wait in the counter's audit). */
  auditUnsent: z.number().int().min(0),
  /** Why agents or audit entries made here are not reaching the agency; null when they are. */
  problem: agencyPeopleProblemSchema.nullable(),
});
export type AgencyPeopleStatus = z.infer<typeof agencyPeopleStatusSchema>;

/** A counter of the agency as the fleet list shows it: what it runs, and where its updating stands. */
export const fleetDeskSchema = z.object({
  counterName: z.string(),
  /** The Packdesk it runs, or null: it has not said (a counter from before the fleet). */
  version: z.string().nullable(),
  channel: updateChannelSchema.nullable(),
  state: updateStateSchema.nullable(),
  /** The newer version on its way (downloading, downloaded, waiting to install). */
  available: z.string().nullable(),
  /** ISO instant of its last report, or of its last visit when it never reported. */
  seenAt: z.string(),
  /** Whether this is the counter the list is shown at. */
  thisCounter: z.boolean(),
});
export type FleetDesk = z.infer<typeof fleetDeskSchema>;

/** The agency's fleet, as this counter last read it. */
export const agencyFleetStatusSchema = z.object({
  desks: z.array(fleetDeskSchema),
  /** The version below which a counter writes nothing on the agency's bookings; null when the agency asks for none. */
  minimumVersion: z.string().nullable(),
  /** Whether this counter's user may set it (an agency administrator's counter). */
  maySetMinimum: z.boolean(),
});
export type AgencyFleetStatus = z.infer<typeof agencyFleetStatusSchema>;

/** A version such as 1.5.0 (or 1.5.0-beta.2), as an agency asks for one; empty asks for none. */
export const minimumVersionInputSchema = z
  .object({
    version: z
      .string()
      .trim()
      .max(60)
      .regex(/^$|^\d{1,5}\.\d{1,5}\.\d{1,5}(-[0-9A-Za-z.-]{1,40})?$/, issue(words.minimumVersionFormat)),
  })
  .strict();

export const agencyStatusSchema = z.object({
  /** The profile whose bookings the agency shares, or null when the counter is in no agency. */
  profileId: profileId.nullable(),
  /** This counter's name as the other counters see it ("Desk 2"). */
  counterName: z.string().nullable(),
  link: agencyLinkSchema,
  /** Changes made here that the agency has not taken yet (they wait in this counter's outbox). */
  unsent: z.number().int().min(0),
  /** Other counters' changes this counter would not take (unreadable, a card number, a booking re-pointed), by sender. */
  setAside: z.array(z.object({ counterName: z.string(), count: z.number().int().min(1) })).default([]),
  /** The agents and audit shared with the agency, once connected. */
  people: agencyPeopleStatusSchema.optional(),
  /** The agency's counters and the version it asks for, once read. */
  fleet: agencyFleetStatusSchema.optional(),
});
export type AgencyStatus = z.infer<typeof agencyStatusSchema>;

export const AGENCY_OFF: AgencyStatus = { profileId: null, counterName: null, link: { kind: 'off' }, unsent: 0, setAside: [] };

export const agencyTlsModeSchema = z.enum(['disable', 'require', 'verify-full']);

const hostName = z
  .string()
  .trim()
  .min(1, issue(words.hostRequired))
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, issue(words.hostFormat));
/** A PostgreSQL name (database, user); `missing` says what to give when it is empty. */
const sqlName = (missing: Message) =>
  z
    .string()
    .trim()
    .min(1, issue(missing))
    .max(63, issue(words.sqlNameTooLong))
    .regex(/^[A-Za-z0-9_.-]+$/, issue(words.sqlNameFormat));

/** A host name that can only mean this computer. */
export const isLoopbackHost = (host: string): boolean => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host.trim());

/** The agency server a profile's counter connects to. The password goes to the OS keychain, never to a file. */
export const agencySettingsInputSchema = z
  .object({
    profileId,
    host: hostName,
    port: z.number().int().min(1, issue(words.portRange)).max(65_535, issue(words.portRange)),
    database: sqlName(words.databaseRequired),
    user: sqlName(words.userRequired),
    tlsMode: agencyTlsModeSchema,
    /** PEM of the agency's certificate authority (verify-full with a private CA); absent keeps the one saved. */
    caCertificate: z
      .string()
      .max(20_000)
      .regex(/-----BEGIN CERTIFICATE-----/, issue(words.certificateWhole))
      .optional(),
    /** Absent or empty: keep the password saved in the keychain. */
    password: z.string().max(200).optional(),
    counterName: z.string().trim().min(1, issue(words.counterNameRequired)).max(40, issue(words.counterNameTooLong)),
  })
  .strict()
  // Without TLS anyone on the way reads the bookings and the password: only a server on this computer goes unencrypted.
  .refine((input) => input.tlsMode !== 'disable' || isLoopbackHost(input.host), {
    path: ['tlsMode'],
    message: issue(words.unencryptedRemote),
  });
export type AgencySettingsInput = z.infer<typeof agencySettingsInputSchema>;

/** What the settings screen shows of a saved connection: never the password itself. */
export const agencySettingsViewSchema = z.object({
  profileId,
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  user: z.string(),
  tlsMode: agencyTlsModeSchema,
  hasCaCertificate: z.boolean(),
  hasPassword: z.boolean(),
  counterName: z.string(),
});
export type AgencySettingsView = z.infer<typeof agencySettingsViewSchema>;
