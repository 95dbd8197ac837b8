import { defineMessages } from './i18n/messages';
import type { Message } from './i18n/messages';
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
  /** What the call does, for the words of a refusal: "Cancelling a booking needs …" (worded in main, electron/core/people/access.ts). */
  does: Message;
  /**
   * Also needs a supervisor's approval in the moment (`people:approve`; the list is approvalChannelSchema in
   * shared/people.ts): a refund, a change above the profile's threshold, a change marked by hand, an address that moves, keys, the agency link.
   */
  approval?: true;
}

/** Who may make a call and on what; its words (`does`) are kept beside it. */
type Rule = Omit<ChannelPermission, 'does'>;

/** Open to anyone at the counter, signed in or not. */
const open = (scope: Scope = 'active-profile'): Rule => ({ need: 'anyone', scope });

/** What each call does, in words: the start of its refusal's sentence. */
const does: Record<ChannelName, Message> = defineMessages({
  'app:status': { id: 'permission.app.status', defaultMessage: 'Reading the app status' },
  'profiles:list': { id: 'permission.profiles.list', defaultMessage: 'Listing profiles' },
  'profiles:create': { id: 'permission.profiles.create', defaultMessage: 'Adding a profile' },
  'profiles:update': { id: 'permission.profiles.update', defaultMessage: 'Changing a profile’s name or address' },
  'profiles:delete': { id: 'permission.profiles.delete', defaultMessage: 'Removing a profile' },
  'profiles:activate': { id: 'permission.profiles.activate', defaultMessage: 'Switching to this profile' },
  'profiles:set-status-rules': { id: 'permission.profiles.setStatusRules', defaultMessage: 'Setting a profile’s status rules' },
  'profiles:set-change-approval': {
    id: 'permission.profiles.setChangeApproval',
    defaultMessage: 'Setting when a change needs a supervisor',
  },
  'keys:set': { id: 'permission.keys.set', defaultMessage: 'Saving a key' },
  'keys:delete': { id: 'permission.keys.delete', defaultMessage: 'Removing a key' },
  'packages:search': { id: 'permission.packages.search', defaultMessage: 'Searching packages' },
  'bookings:price': { id: 'permission.bookings.price', defaultMessage: 'Pricing a stay' },
  'bookings:hold': { id: 'permission.bookings.hold', defaultMessage: 'Holding a stay' },
  'bookings:prebook': { id: 'permission.bookings.prebook', defaultMessage: 'Pre-booking a stay' },
  'payments:pay': { id: 'permission.payments.pay', defaultMessage: 'Taking a payment' },
  'bookings:refresh': { id: 'permission.bookings.refresh', defaultMessage: 'Reading a booking from the service' },
  'bookings:cancel': { id: 'permission.bookings.cancel', defaultMessage: 'Cancelling a booking' },
  'bookings:preview-change': { id: 'permission.bookings.previewChange', defaultMessage: 'Pricing a change' },
  'bookings:confirm-change': { id: 'permission.bookings.confirmChange', defaultMessage: 'Changing a booking' },
  'bookings:open-payment-link': { id: 'permission.bookings.openPaymentLink', defaultMessage: 'Opening a change’s payment link' },
  'bookings:resolve-change': { id: 'permission.bookings.resolveChange', defaultMessage: 'Marking a change paid or abandoned' },
  'bookings:acknowledge': { id: 'permission.bookings.acknowledge', defaultMessage: 'Acknowledging a booking' },
  'vouchers:save-pdf': { id: 'permission.vouchers.savePdf', defaultMessage: 'Saving a voucher' },
  'history:list': { id: 'permission.history.list', defaultMessage: 'Searching the history' },
  'history:version': { id: 'permission.history.version', defaultMessage: 'Reading the history’s version' },
  'history:get': { id: 'permission.history.get', defaultMessage: 'Reading a booking' },
  'history:export': { id: 'permission.history.export', defaultMessage: 'Exporting the history' },
  'history:attention': { id: 'permission.history.attention', defaultMessage: 'Listing bookings that need attention' },
  'history:agents': { id: 'permission.history.agents', defaultMessage: 'Listing the agents in the history' },
  'reports:today': { id: 'permission.reports.today', defaultMessage: 'Reading the day’s figures' },
  'reports:end-of-day': { id: 'permission.reports.endOfDay', defaultMessage: 'Reading the end-of-day report' },
  'reports:end-of-day-csv': { id: 'permission.reports.endOfDayCsv', defaultMessage: 'Exporting the end-of-day report' },
  'reports:period': { id: 'permission.reports.period', defaultMessage: 'Reading the period report' },
  'reports:period-csv': { id: 'permission.reports.periodCsv', defaultMessage: 'Exporting the period report' },
  'reports:save-pdf': { id: 'permission.reports.savePdf', defaultMessage: 'Saving a report' },
  'agency:status': { id: 'permission.agency.status', defaultMessage: 'Reading the agency link' },
  'agency:settings': { id: 'permission.agency.settings', defaultMessage: 'Reading the agency settings' },
  'agency:connect': { id: 'permission.agency.connect', defaultMessage: 'Connecting the counter to an agency' },
  'agency:disconnect': { id: 'permission.agency.disconnect', defaultMessage: 'Disconnecting the counter from its agency' },
  'agency:set-minimum-version': { id: 'permission.agency.setMinimumVersion', defaultMessage: 'Setting the agency’s minimum version' },
  'restore:notice': { id: 'permission.restore.notice', defaultMessage: 'Reading what a restore left open' },
  'restore:check-write': { id: 'permission.restore.checkWrite', defaultMessage: 'Checking a write held since a restore' },
  'restore:discard-write': { id: 'permission.restore.discardWrite', defaultMessage: 'Discarding a write held since a restore' },
  'people:list': { id: 'permission.people.list', defaultMessage: 'Listing the agents' },
  'people:session': { id: 'permission.people.session', defaultMessage: 'Reading who is signed in' },
  'people:sign-in': { id: 'permission.people.signIn', defaultMessage: 'Signing in' },
  'people:sign-out': { id: 'permission.people.signOut', defaultMessage: 'Signing out' },
  'people:lock': { id: 'permission.people.lock', defaultMessage: 'Locking the screen' },
  'people:set-role': { id: 'permission.people.setRole', defaultMessage: 'Changing an agent’s role' },
  'people:set-idle-lock': { id: 'permission.people.setIdleLock', defaultMessage: 'Setting when the screen locks by itself' },
  'people:add': { id: 'permission.people.add', defaultMessage: 'Adding an agent' },
  'people:unlock': { id: 'permission.people.unlock', defaultMessage: 'Unlocking an agent' },
  'people:reset-pin': { id: 'permission.people.resetPin', defaultMessage: 'Resetting an agent’s PIN' },
  'people:approve': { id: 'permission.people.approve', defaultMessage: 'Asking a supervisor’s approval' },
  'training:scenarios': { id: 'permission.training.scenarios', defaultMessage: 'Reading the training scenarios' },
  'training:set-scenario': { id: 'permission.training.setScenario', defaultMessage: 'Setting a training scenario' },
  'training:all-normal': { id: 'permission.training.allNormal', defaultMessage: 'Ending the training scenarios' },
  'training:exercises': { id: 'permission.training.exercises', defaultMessage: 'Listing the exercises' },
  'training:start-exercise': { id: 'permission.training.startExercise', defaultMessage: 'Starting an exercise' },
  'training:check-exercise': { id: 'permission.training.checkExercise', defaultMessage: 'Checking an exercise' },
  'training:report': { id: 'permission.training.report', defaultMessage: 'Reading the session report' },
  'training:save-report-pdf': { id: 'permission.training.saveReportPdf', defaultMessage: 'Saving the session report' },
  'training:fresh-day': { id: 'permission.training.freshDay', defaultMessage: 'Starting a fresh training day' },
  'training:add-trainee': { id: 'permission.training.addTrainee', defaultMessage: 'Adding a trainee' },
  'audit:verify': { id: 'permission.audit.verify', defaultMessage: 'Checking the audit' },
  'audit:list': { id: 'permission.audit.list', defaultMessage: 'Reading the audit' },
  'audit:export-csv': { id: 'permission.audit.exportCsv', defaultMessage: 'Exporting the audit' },
  'updates:status': { id: 'permission.updates.status', defaultMessage: 'Reading how updates stand' },
  'updates:configure': { id: 'permission.updates.configure', defaultMessage: 'Setting where updates come from' },
  'updates:check': { id: 'permission.updates.check', defaultMessage: 'Checking for updates' },
  'updates:install-now': { id: 'permission.updates.installNow', defaultMessage: 'Installing an update now' },
  'language:get': { id: 'permission.language.get', defaultMessage: 'Reading the language' },
  'language:set': { id: 'permission.language.set', defaultMessage: 'Choosing the language' },
});

/**
 * Every channel and what it needs, decided in main (electron/core/people/access.ts). A Record over
 * every channel name: a channel added to shared/ipc.ts without a line here does not compile.
 * Reads and the trainer's panel (refused by its handlers outside training) are open to anyone.
 */
const rules: Record<ChannelName, Rule> = {
  'app:status': open('counter'),
  'profiles:list': open('counter'),
  'profiles:create': { need: 'administrator', scope: 'counter' },
  'profiles:update': { need: 'administrator', scope: 'counter', approval: true },
  'profiles:delete': { need: 'administrator', scope: 'counter' },
  'profiles:activate': { need: 'agent', scope: 'named-profile' },
  'profiles:set-status-rules': { need: 'administrator', scope: 'counter' },
  'profiles:set-change-approval': { need: 'administrator', scope: 'counter' },
  'keys:set': { need: 'administrator', scope: 'counter', approval: true },
  'keys:delete': { need: 'administrator', scope: 'counter', approval: true },
  'packages:search': open(),
  'bookings:price': open(),
  'bookings:hold': { need: 'agent', scope: 'active-profile' },
  'bookings:prebook': { need: 'agent', scope: 'hold' },
  'payments:pay': { need: 'agent', scope: 'booking' },
  'bookings:refresh': open('booking'),
  'bookings:cancel': { need: 'agent', scope: 'booking', approval: true },
  'bookings:preview-change': open('booking'),
  'bookings:confirm-change': { need: 'agent', scope: 'booking', approval: true },
  'bookings:open-payment-link': { need: 'agent', scope: 'booking' },
  'bookings:resolve-change': { need: 'agent', scope: 'booking', approval: true },
  'bookings:acknowledge': { need: 'agent', scope: 'booking' },
  'vouchers:save-pdf': { need: 'agent', scope: 'booking' },
  'history:list': open('named-profile'),
  'history:version': open('counter'),
  'history:get': open('booking'),
  'history:export': { need: 'agent', scope: 'named-profile' },
  'history:attention': open('named-profile'),
  'history:agents': open('named-profile'),
  // The counter's takings are an agent's to read; the breakdown by agent, a supervisor's (reports-handlers.ts).
  'reports:today': { need: 'agent', scope: 'named-profile' },
  'reports:end-of-day': { need: 'agent', scope: 'named-profile' },
  'reports:end-of-day-csv': { need: 'agent', scope: 'named-profile' },
  // How the counter sells over weeks and months is a supervisor's to read.
  'reports:period': { need: 'supervisor', scope: 'named-profile' },
  'reports:period-csv': { need: 'supervisor', scope: 'named-profile' },
  'reports:save-pdf': { need: 'agent', scope: 'named-profile' },
  'agency:status': open('counter'),
  'agency:settings': open('counter'),
  'agency:connect': { need: 'administrator', scope: 'counter', approval: true },
  'agency:disconnect': { need: 'administrator', scope: 'counter', approval: true },
  'agency:set-minimum-version': { need: 'administrator', scope: 'counter' },
  'restore:notice': open('counter'),
  'restore:check-write': { need: 'agent', scope: 'counter' },
  'restore:discard-write': { need: 'supervisor', scope: 'counter' },
  'people:list': open('counter'),
  'people:session': open('counter'),
  'people:sign-in': open('counter'),
  'people:sign-out': open('counter'),
  'people:lock': open('counter'),
  'people:set-role': { need: 'administrator', scope: 'counter' },
  'people:set-idle-lock': { need: 'administrator', scope: 'counter' },
  'people:add': { need: 'administrator', scope: 'counter' },
  'people:unlock': { need: 'administrator', scope: 'counter' },
  'people:reset-pin': { need: 'administrator', scope: 'counter' },
  'people:approve': { need: 'agent', scope: 'counter' },
  'training:scenarios': open(),
  'training:set-scenario': open(),
  'training:all-normal': open(),
  'training:exercises': open(),
  'training:start-exercise': open(),
  'training:check-exercise': open(),
  'training:report': open(),
  'training:save-report-pdf': open(),
  'training:fresh-day': open(),
  'training:add-trainee': open(),
  'audit:verify': open('counter'),
  'audit:list': { need: 'supervisor', scope: 'counter' },
  'audit:export-csv': { need: 'supervisor', scope: 'counter' },
  'updates:status': open('counter'),
  'updates:configure': { need: 'administrator', scope: 'counter' },
  'updates:check': open('counter'),
  // Restarting the counter now: on live and test profiles, a supervisor's or administrator's word.
  'updates:install-now': { need: 'supervisor', scope: 'active-profile' },
  'language:get': open('counter'),
  // Signed in, it is the agent's own language; where nobody signs in (training), the counter's.
  'language:set': { need: 'agent', scope: 'active-profile' },
};

/** Every channel, what it needs and what it does. */
export const channelPermissions = Object.fromEntries(
  Object.entries(rules).map(([channel, rule]) => [channel, { ...rule, does: does[channel as ChannelName] }]),
) as Record<ChannelName, ChannelPermission>;
