import type { ChannelName } from './ipc';
import type { Role } from './people';

/** Who may make a call: anyone at the counter, or a signed-in person of at least this role. */
export type Need = 'anyone' | Role;

/**
 * Which profile a call acts on, so main knows whether sign-in applies (it does on live and test
 * profiles only): the active profile, the profile named in the input (`id` or `profileId`), the
 * profile of the booking or hold named in the input (and the active one), or the whole counter (always).
 */
export type Scope = 'active-profile' | 'named-profile' | 'booking' | 'hold' | 'counter';

export interface ChannelPermission {
  need: Need;
  scope: Scope;
  /** What the call does, for the words of a refusal: "Cancelling a booking needs …". */
  does: string;
  /**
   * Also needs a supervisor's approval in the moment (`people:approve`; the list is approvalChannelSchema in
   * shared/people.ts): a refund, a change above the profile's threshold, a change marked by hand, an address that moves, keys, the agency link.
   */
  approval?: true;
}

/** Open to anyone at the counter, signed in or not. */
const open = (does: string, scope: Scope = 'active-profile'): ChannelPermission => ({ need: 'anyone', scope, does });

/**
 * Every channel and what it needs, decided in main (electron/core/people/access.ts). A Record over
 * every channel name: a channel added to shared/ipc.ts without a line here does not compile.
 * Reads and the trainer's panel (refused by its handlers outside training) are open to anyone.
 */
export const channelPermissions: Record<ChannelName, ChannelPermission> = {
  'app:status': open('Reading the app status', 'counter'),
  'profiles:list': open('Listing profiles', 'counter'),
  'profiles:create': { need: 'administrator', scope: 'counter', does: 'Adding a profile' },
  'profiles:update': { need: 'administrator', scope: 'counter', does: 'Changing a profile’s name or address', approval: true },
  'profiles:delete': { need: 'administrator', scope: 'counter', does: 'Removing a profile' },
  'profiles:activate': { need: 'agent', scope: 'named-profile', does: 'Switching to this profile' },
  'profiles:set-status-rules': { need: 'administrator', scope: 'counter', does: 'Setting a profile’s status rules' },
  'profiles:set-change-approval': { need: 'administrator', scope: 'counter', does: 'Setting when a change needs a supervisor' },
  'keys:set': { need: 'administrator', scope: 'counter', does: 'Saving a key', approval: true },
  'keys:delete': { need: 'administrator', scope: 'counter', does: 'Removing a key', approval: true },
  'packages:search': open('Searching packages'),
  'bookings:price': open('Pricing a stay'),
  'bookings:hold': { need: 'agent', scope: 'active-profile', does: 'Holding a stay' },
  'bookings:prebook': { need: 'agent', scope: 'hold', does: 'Pre-booking a stay' },
  'payments:pay': { need: 'agent', scope: 'booking', does: 'Taking a payment' },
  'bookings:refresh': open('Reading a booking from the service', 'booking'),
  'bookings:cancel': { need: 'agent', scope: 'booking', does: 'Cancelling a booking', approval: true },
  'bookings:preview-change': open('Pricing a change', 'booking'),
  'bookings:confirm-change': { need: 'agent', scope: 'booking', does: 'Changing a booking', approval: true },
  'bookings:open-payment-link': { need: 'agent', scope: 'booking', does: 'Opening a change’s payment link' },
  'bookings:resolve-change': { need: 'agent', scope: 'booking', does: 'Marking a change paid or abandoned', approval: true },
  'bookings:acknowledge': { need: 'agent', scope: 'booking', does: 'Acknowledging a booking' },
  'vouchers:save-pdf': { need: 'agent', scope: 'booking', does: 'Saving a voucher' },
  'history:list': open('Searching the history', 'named-profile'),
  'history:version': open('Reading the history’s version', 'counter'),
  'history:get': open('Reading a booking', 'booking'),
  'history:export': { need: 'agent', scope: 'named-profile', does: 'Exporting the history' },
  'history:attention': open('Listing bookings that need attention', 'named-profile'),
  'history:agents': open('Listing the agents in the history', 'named-profile'),
  // The counter's takings are an agent's to read; the breakdown by agent, a supervisor's (reports-handlers.ts).
  'reports:today': { need: 'agent', scope: 'named-profile', does: 'Reading the day’s figures' },
  'reports:end-of-day': { need: 'agent', scope: 'named-profile', does: 'Reading the end-of-day report' },
  'reports:end-of-day-csv': { need: 'agent', scope: 'named-profile', does: 'Exporting the end-of-day report' },
  // How the counter sells over weeks and months is a supervisor's to read.
  'reports:period': { need: 'supervisor', scope: 'named-profile', does: 'Reading the period report' },
  'reports:period-csv': { need: 'supervisor', scope: 'named-profile', does: 'Exporting the period report' },
  'reports:save-pdf': { need: 'agent', scope: 'named-profile', does: 'Saving a report' },
  'agency:status': open('Reading the agency link', 'counter'),
  'agency:settings': open('Reading the agency settings', 'counter'),
  'agency:connect': { need: 'administrator', scope: 'counter', does: 'Connecting the counter to an agency', approval: true },
  'agency:disconnect': { need: 'administrator', scope: 'counter', does: 'Disconnecting the counter from its agency', approval: true },
  'agency:set-minimum-version': { need: 'administrator', scope: 'counter', does: 'Setting the agency’s minimum version' },
  'restore:notice': open('Reading what a restore left open', 'counter'),
  'restore:check-write': { need: 'agent', scope: 'counter', does: 'Checking a write held since a restore' },
  'restore:discard-write': { need: 'supervisor', scope: 'counter', does: 'Discarding a write held since a restore' },
  'people:list': open('Listing the agents', 'counter'),
  'people:session': open('Reading who is signed in', 'counter'),
  'people:sign-in': open('Signing in', 'counter'),
  'people:sign-out': open('Signing out', 'counter'),
  'people:lock': open('Locking the screen', 'counter'),
  'people:set-role': { need: 'administrator', scope: 'counter', does: 'Changing an agent’s role' },
  'people:set-idle-lock': { need: 'administrator', scope: 'counter', does: 'Setting when the screen locks by itself' },
  'people:add': { need: 'administrator', scope: 'counter', does: 'Adding an agent' },
  'people:unlock': { need: 'administrator', scope: 'counter', does: 'Unlocking an agent' },
  'people:reset-pin': { need: 'administrator', scope: 'counter', does: 'Resetting an agent’s PIN' },
  'people:approve': { need: 'agent', scope: 'counter', does: 'Asking a supervisor’s approval' },
  'training:scenarios': open('Reading the training scenarios'),
  'training:set-scenario': open('Setting a training scenario'),
  'training:all-normal': open('Ending the training scenarios'),
  'training:exercises': open('Listing the exercises'),
  'training:start-exercise': open('Starting an exercise'),
  'training:check-exercise': open('Checking an exercise'),
  'training:report': open('Reading the session report'),
  'training:save-report-pdf': open('Saving the session report'),
  'training:fresh-day': open('Starting a fresh training day'),
  'training:add-trainee': open('Adding a trainee'),
  'audit:verify': open('Checking the audit', 'counter'),
  'audit:list': { need: 'supervisor', scope: 'counter', does: 'Reading the audit' },
  'audit:export-csv': { need: 'supervisor', scope: 'counter', does: 'Exporting the audit' },
  'updates:status': open('Reading how updates stand', 'counter'),
  'updates:configure': { need: 'administrator', scope: 'counter', does: 'Setting where updates come from' },
  'updates:check': open('Checking for updates', 'counter'),
  // Restarting the counter now: on live and test profiles, a supervisor's or administrator's word.
  'updates:install-now': { need: 'supervisor', scope: 'active-profile', does: 'Installing an update now' },
  'language:get': open('Reading the language', 'counter'),
  // Signed in, it is the agent's own language; where nobody signs in (training), the counter's.
  'language:set': { need: 'agent', scope: 'active-profile', does: 'Choosing the language' },
};
