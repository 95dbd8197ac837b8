import { randomUUID } from 'node:crypto';
import type { AvailableQuote } from '../../../shared/bookings';
import type { ChannelName } from '../../../shared/ipc';
import type { StatusRules } from '../../../shared/status-rules';

export interface SampleIds {
  /** A test profile of the counter, active. */
  profileId: number;
  profileName: string;
  baseUrl: string;
  statusRules: StatusRules;
  /** A booking of that profile in the ledger. */
  bookingId: number;
  quote: AvailableQuote;
  /** An agent the calls may unlock, reset and fail to sign in. */
  spareAgentId: number;
  /** Names the agents `people:add` adds unique, one call after another. */
  suffix: string;
}

const NOBODY = 999_999;

/**
 * A valid input for every channel, as a compromised renderer would send them: each is accepted by
 * the channel's schema, and where a call would wreck the counter for the next ones (deleting its
 * profile) it names something that is not there, so the handler refuses it after the permission check.
 */
export function channelSamples(ids: SampleIds): Record<ChannelName, unknown> {
  const { quote } = ids;
  const offer = {
    packageId: quote.packageId,
    packageTitle: quote.packageTitle,
    propertyId: quote.propertyId,
    propertyName: quote.propertyName,
    checkIn: quote.checkIn,
    checkOut: quote.checkOut,
    adults: quote.adults,
  };
  const booking = { bookingId: ids.bookingId };
  return {
    'app:status': {},
    'profiles:list': {},
    'profiles:create': { name: `Another ${ids.suffix}`, kind: 'test', baseUrl: 'https://api.example.com', keys: {} },
    'profiles:update': { id: ids.profileId, name: ids.profileName, baseUrl: ids.baseUrl },
    'profiles:delete': { id: NOBODY },
    'profiles:activate': { id: ids.profileId },
    'profiles:set-status-rules': { profileId: ids.profileId, rules: ids.statusRules },
    'profiles:set-change-approval': { profileId: ids.profileId, aboveMinor: null },
    'keys:set': { profileId: ids.profileId, slot: 'publishable', value: 'pk_test_51PubKeyIjKl4321' },
    'keys:delete': { profileId: ids.profileId, slot: 'publishable' },
    'packages:search': { title: '' },
    'bookings:price': offer,
    'bookings:hold': { quote, paxAges: Array.from({ length: quote.adults }, () => 30) },
    'bookings:prebook': { holdId: randomUUID(), holder: { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' } },
    'payments:pay': { ...booking, paymentMethodId: 'pm_card_visa' },
    'bookings:refresh': booking,
    'bookings:cancel': { ...booking, reason: 'Traveler changed plans', confirmed: true },
    'bookings:preview-change': { ...booking, dates: { checkIn: quote.checkIn, checkOut: quote.checkOut } },
    'bookings:confirm-change': { ...booking, dates: { checkIn: quote.checkIn, checkOut: quote.checkOut } },
    'bookings:open-payment-link': booking,
    'bookings:resolve-change': { ...booking, outcome: 'paid', note: 'Paid at the desk' },
    'bookings:acknowledge': booking,
    'vouchers:save-pdf': booking,
    'history:list': { profileId: ids.profileId },
    'history:version': {},
    'history:get': booking,
    'history:export': { profileId: ids.profileId },
    'history:attention': { profileId: ids.profileId },
    'history:agents': { profileId: ids.profileId },
    'reports:today': { profileId: ids.profileId },
    'reports:end-of-day': { profileId: ids.profileId, day: '2026-01-15' },
    'reports:end-of-day-csv': { profileId: ids.profileId, day: '2026-01-15' },
    'reports:period-csv': { profileId: ids.profileId, from: '2026-01-01', to: '2026-01-15' },
    'reports:period': { profileId: ids.profileId, from: '2026-01-01', to: '2026-01-31' },
    'reports:save-pdf': { profileId: ids.profileId, report: 'end-of-day', day: '2026-01-15' },
    'agency:status': {},
    'agency:settings': { profileId: ids.profileId },
    'agency:connect': {
      profileId: NOBODY,
      host: '127.0.0.1',
      port: 1,
      database: 'agency',
      user: 'counter',
      tlsMode: 'disable',
      counterName: 'Desk 2',
    },
    'agency:disconnect': { profileId: NOBODY },
    'agency:set-minimum-version': { version: '9.9.9' },
    'restore:notice': {},
    'restore:check-write': { id: NOBODY },
    'restore:discard-write': { id: NOBODY },
    'people:list': {},
    'people:session': {},
    'people:sign-in': { agentId: ids.spareAgentId, pin: 'not-the-pin' },
    'people:sign-out': {},
    'people:lock': {},
    'people:set-role': { agentId: ids.spareAgentId, role: 'agent' },
    'people:set-idle-lock': { minutes: 7 },
    'people:add': { name: `Agent ${ids.suffix}`, role: 'agent', pin: '4321' },
    'people:unlock': { agentId: ids.spareAgentId },
    'people:reset-pin': { agentId: ids.spareAgentId, pin: '8765' },
    'people:approve': { agentId: ids.spareAgentId, pin: 'not-the-pin', channel: 'keys:delete', target: ids.profileId },
    'training:scenarios': {},
    'training:set-scenario': { id: 'supplier-slow', on: false },
    'training:all-normal': {},
    'training:exercises': {},
    'training:start-exercise': { id: 'first-booking' },
    'training:check-exercise': {},
    'training:report': {},
    'training:save-report-pdf': {},
    'training:fresh-day': {},
    'training:add-trainee': { name: `Trainee ${ids.suffix}` },
    'audit:verify': {},
    'audit:list': {},
    'audit:export-csv': {},
    'updates:status': {},
    'updates:configure': { feedUrl: '', channel: 'stable' },
    'updates:check': {},
    'updates:install-now': {},
    'language:get': {},
    'language:set': { language: 'en' },
  };
}
