import { z } from 'zod';
import { issue } from './i18n/messages';
import { ipcWords as words } from './ipc-words';
import {
  bookingFilterSchema,
  bookingRecordSchema,
  changeRequestSchema,
  cancelReasonSchema,
  cardFree,
  clientReferenceSchema,
  holderInputSchema,
  holdSchema,
  offerSchema,
  priceSummarySchema,
  quoteSchema,
  timelineEventSchema,
} from './bookings';
import {
  authenticationResultSchema,
  cardEntryResultSchema,
  PAYMENT_WINDOW_REQUEST,
  PAYMENT_WINDOW_RESULT,
  paymentMethodIdSchema,
  paymentPageRequestSchema,
} from './payment-window';
import { auditEntrySchema, auditFilterSchema, auditVerdictSchema } from './audit';
import { agencySettingsInputSchema, agencySettingsViewSchema, agencyStatusSchema, minimumVersionInputSchema } from './agency';
import { restoreNoticeSchema } from './restore';
import {
  endOfDayInputSchema,
  endOfDaySchema,
  periodInputSchema,
  periodReportSchema,
  savePdfInputSchema,
  todayFiguresSchema,
  todayInputSchema,
} from './reports';
import { updateSettingsInputSchema, updateStatusSchema } from './updates';
import { languageChoiceSchema, languageSchema } from './i18n/languages';
import { statusRulesSchema } from './status-rules';
import { attemptSchema, exerciseIdSchema, exerciseViewSchema, scenarioIdSchema, scenarioViewSchema, sessionReportSchema } from './training';
import { changeApprovalThresholdSchema, keySlotSchema, keyStatusSchema, profileKindSchema, profileViewSchema } from './profiles';
import {
  agentIdSchema,
  agentNameSchema,
  agentViewSchema,
  approvableSchema,
  approvalSchema,
  idleLockMinutesSchema,
  peopleSessionSchema,
  pinSchema,
  roleSchema,
} from './people';

const noInput = z.object({}).strict();
const profileId = z.number().int().positive();
const profileName = z.string().trim().min(1, issue(words.profileNameRequired)).max(60, issue(words.profileNameTooLong));
const bookingId = z.number().int().positive();
const checkSaid = attemptSchema.shape.problemsSaid.element;
const packageSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  properties: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
const cardFreeNote = cardFree(z.string().trim().max(500, issue(words.noteTooLong)), words.cardInNote);
const keyValue = z.string().trim().min(1, issue(words.keyRequired)).max(300, issue(words.keyTooLong));
const paxAge = z.number().int().min(0, issue(words.ageNegative)).max(120, issue(words.ageTooHigh));

/** Each IPC channel, declared once: the main side validates inputs with these, the bridges are built from the names. */
export const channels = {
  'app:status': {
    input: noInput,
    output: z.object({
      version: z.string(),
      online: z.boolean(),
      keychain: z.enum(['available', 'unavailable']),
      keychainHint: z.string().nullable(),
      /** The audit chain's latest check (at start, or since in Settings); null until one finished. */
      audit: auditVerdictSchema.nullable(),
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
        baseUrl: z.string().trim().min(1, issue(words.baseUrlRequired)).max(500),
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
  /** What the profile's service means by its statuses: final, confirmed, not cancellable, modifiable. */
  'profiles:set-status-rules': {
    input: z.object({ profileId, rules: statusRulesSchema }).strict(),
    output: profileViewSchema,
  },
  /** The difference in price (minor units, either way) above which confirming a change on this profile needs a supervisor; null: none. */
  'profiles:set-change-approval': {
    input: z.object({ profileId, aboveMinor: changeApprovalThresholdSchema }).strict(),
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
  'packages:search': {
    // The words go out in the request's address, so a card number typed here is refused before anything is sent.
    input: z.object({ title: cardFree(z.string().max(200), words.cardInSearch) }).strict(),
    output: z.array(packageSummary),
  },
  'bookings:price': { input: offerSchema.strict(), output: quoteSchema },
  'bookings:hold': {
    input: z
      .object({
        quote: quoteSchema.options[0].strict(),
        paxAges: z.array(paxAge).min(1).max(20),
      })
      .strict(),
    output: holdSchema,
  },
  'bookings:prebook': {
    input: z.object({ holdId: z.uuid(), holder: holderInputSchema }).strict(),
    output: bookingRecordSchema,
  },
  /**
   * The one payment channel: main takes the card (the card window, or the training card given
   * here), books, runs 3-D Secure in its own window when the bank asks, and books again; or
   * finishes a 3-D Secure left unfinished (continueAuthentication). Progress comes as events.
   */
  'payments:pay': {
    input: z
      .object({
        bookingId,
        /** A test payment method picked in training or test mode (refused on a live profile); without it the card window opens. */
        paymentMethodId: paymentMethodIdSchema.optional(),
        clientReference: clientReferenceSchema.optional(),
        /** Finish the 3-D Secure left unfinished on this booking (the same payment intent), instead of a new card. */
        continueAuthentication: z.boolean().optional(),
      })
      .strict(),
    output: bookingRecordSchema,
  },
  'bookings:refresh': { input: z.object({ bookingId }).strict(), output: bookingRecordSchema },
  'bookings:cancel': {
    input: z
      .object({
        bookingId,
        reason: cancelReasonSchema,
        /** The caller confirms it showed the agent which booking and traveler this cancels. */
        confirmed: z.literal(true, { error: issue(words.cancellationUnconfirmed) }),
      })
      .strict(),
    output: bookingRecordSchema,
  },
  'bookings:preview-change': { input: changeRequestSchema, output: priceSummarySchema },
  'bookings:confirm-change': { input: changeRequestSchema, output: bookingRecordSchema },
  /** Opens the payment link the service returned for this booking's waiting change; the page never names the URL. */
  'bookings:open-payment-link': { input: z.object({ bookingId }).strict(), output: z.object({ opened: z.string() }) },
  /** The agent's word on a change waiting for payment: the traveler paid it, or it is dropped; with a note for the timeline. */
  'bookings:resolve-change': {
    input: z.object({ bookingId, outcome: z.enum(['paid', 'abandoned']), note: cardFreeNote }).strict(),
    output: bookingRecordSchema,
  },
  'bookings:acknowledge': { input: z.object({ bookingId }).strict(), output: bookingRecordSchema },
  /** Saves the voucher on screen as a PDF; null when the agent cancelled the save dialog. */
  'vouchers:save-pdf': {
    input: z.object({ bookingId }).strict(),
    output: z.object({ path: z.string().nullable() }),
  },
  'history:list': {
    input: bookingFilterSchema,
    /** `totalIsEstimate`: a search matched more bookings than the ledger counts at once; the total is its estimate. */
    output: z.object({ rows: z.array(bookingRecordSchema), total: z.number().int(), totalIsEstimate: z.boolean() }),
  },
  'history:version': {
    input: z.object({}).strict(),
    output: z.object({ version: z.string() }),
  },
  'history:get': {
    input: z.object({ bookingId }).strict(),
    output: z.object({ booking: bookingRecordSchema, timeline: z.array(timelineEventSchema) }),
  },
  /** The filter's bookings as CSV, written by main through a save dialog as a stream; null when the agent cancelled. */
  'history:export': {
    input: bookingFilterSchema,
    output: z.object({ path: z.string().nullable(), rows: z.number().int() }),
  },
  /** The agents named in the profile's history (who made or last changed a booking), for the Bookings screen's filter. */
  'history:agents': {
    input: z.object({ profileId }).strict(),
    output: z.array(z.string()),
  },
  'history:attention': {
    input: z.object({ profileId }).strict(),
    output: z.array(bookingRecordSchema),
  },
  /** The day in numbers at this counter: bookings by status, money per currency, changes waiting, bookings needing a person. */
  'reports:today': { input: todayInputSchema, output: todayFiguresSchema },
  /** A day's end-of-day report at this counter: every money movement, totals per currency, what was unsettled at the close. */
  'reports:end-of-day': { input: endOfDayInputSchema, output: endOfDaySchema },
  /** The end-of-day report as CSV, written by main through a save dialog as a stream; null when the agent cancelled. */
  'reports:end-of-day-csv': { input: endOfDayInputSchema, output: z.object({ path: z.string().nullable(), movements: z.number().int() }) },
  /** A period's report at this counter (a week, a month; a year at most): top sellers, cancellation and change rates, days booked ahead. */
  'reports:period': { input: periodInputSchema, output: periodReportSchema },
  /** The period's bookings and money as CSV, written by main through a save dialog as a stream; null when the agent cancelled. */
  'reports:period-csv': { input: periodInputSchema, output: z.object({ path: z.string().nullable(), bookings: z.number().int() }) },
  /** The report on screen saved as a PDF, printed as a document of its own; null when the agent cancelled. */
  'reports:save-pdf': { input: savePdfInputSchema, output: z.object({ path: z.string().nullable() }) },
  /** Whether this counter shares its ledger with an agency, and how the link stands. */
  'agency:status': { input: noInput, output: agencyStatusSchema },
  /** The agency server saved for a profile, or null. */
  'agency:settings': { input: z.object({ profileId }).strict(), output: agencySettingsViewSchema.nullable() },
  /** Saves the connection (password to the keychain), reaches the server, and shares this profile's bookings with the agency. */
  'agency:connect': { input: agencySettingsInputSchema, output: agencyStatusSchema },
  /** Stops sharing; the bookings stay in this counter's history. */
  'agency:disconnect': { input: z.object({ profileId }).strict(), output: agencyStatusSchema },
  /** The version below which the agency's counters write nothing on its bookings (empty: none); an agency administrator's counter. */
  'agency:set-minimum-version': { input: minimumVersionInputSchema, output: agencyStatusSchema },
  /** After a restore: the writes the backup left open (held, never sent by themselves) and whether the agency waits; null when nothing does. */
  'restore:notice': { input: noInput, output: restoreNoticeSchema.nullable() },
  /** Asks the service what became of a held write (a read of its booking, never the write again); `outcome` in words. */
  'restore:check-write': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: z.object({ notice: restoreNoticeSchema.nullable(), outcome: z.string() }),
  },
  /** Closes a held write without asking the service; its booking says so. */
  'restore:discard-write': { input: z.object({ id: z.number().int().positive() }).strict(), output: restoreNoticeSchema.nullable() },
  /** The agents of this counter (names, roles, locks; never a PIN): the sign-in screen lists them. */
  'people:list': { input: noInput, output: z.object({ agents: z.array(agentViewSchema) }) },
  /** Who is signed in, and whether the active profile asks for sign-in. */
  'people:session': { input: noInput, output: peopleSessionSchema },
  /** Signs an agent in with their PIN; another agent signing in is a shift change. */
  'people:sign-in': { input: z.object({ agentId: agentIdSchema, pin: pinSchema }).strict(), output: peopleSessionSchema },
  'people:sign-out': { input: noInput, output: peopleSessionSchema },
  /** Locks the screen (Ctrl+L, or idle): nothing on a live or test profile until a PIN is typed again. */
  'people:lock': { input: noInput, output: peopleSessionSchema },
  /** Gives an agent another role; the counter always keeps one administrator (an administrator). */
  'people:set-role': { input: z.object({ agentId: agentIdSchema, role: roleSchema }).strict(), output: agentViewSchema },
  /** How long the screen waits unused before it locks by itself (an administrator). */
  'people:set-idle-lock': { input: z.object({ minutes: idleLockMinutesSchema }).strict(), output: peopleSessionSchema },
  /** Adds an agent; the first one must be an administrator (who is then signed in), after that only an administrator adds. */
  'people:add': {
    input: z.object({ name: agentNameSchema, role: roleSchema, pin: pinSchema }).strict(),
    output: agentViewSchema,
  },
  /** Lifts a lock after wrong PINs (an administrator). */
  'people:unlock': { input: z.object({ agentId: agentIdSchema }).strict(), output: agentViewSchema },
  /** Gives an agent a new PIN, which also unlocks them (an administrator). */
  'people:reset-pin': { input: z.object({ agentId: agentIdSchema, pin: pinSchema }).strict(), output: agentViewSchema },
  /** A supervisor's PIN approving one call on one booking or profile, or a whole-counter action (a restore), about to be made (used once, within two minutes). */
  'people:approve': {
    input: z.object({ agentId: agentIdSchema, pin: pinSchema, channel: approvableSchema, target: z.number().int().positive() }).strict(),
    output: approvalSchema,
  },
  'training:scenarios': {
    input: noInput,
    output: z.object({ scenarios: z.array(scenarioViewSchema) }),
  },
  'training:set-scenario': {
    input: z.object({ id: scenarioIdSchema, on: z.boolean() }).strict(),
    output: z.object({ scenarios: z.array(scenarioViewSchema) }),
  },
  'training:all-normal': {
    input: noInput,
    output: z.object({ scenarios: z.array(scenarioViewSchema) }),
  },
  'training:exercises': {
    input: noInput,
    output: z.object({ exercises: z.array(exerciseViewSchema), underWay: attemptSchema.nullable() }),
  },
  'training:start-exercise': {
    input: z.object({ id: exerciseIdSchema }).strict(),
    output: z.object({ attempt: attemptSchema }),
  },
  'training:check-exercise': {
    input: noInput,
    /** `unfinished`: why the exercise is not over yet (a booking still moving), in English, and for the screen to word; it stays open. */
    output: z.object({ attempt: attemptSchema, unfinished: z.string().nullable(), unfinishedSaid: checkSaid.nullable() }),
  },
  'training:report': {
    input: noInput,
    output: sessionReportSchema,
  },
  /** Saves the session report on screen as a PDF; null when the trainer cancelled the save dialog. */
  'training:save-report-pdf': {
    input: noInput,
    output: z.object({ path: z.string().nullable() }),
  },
  /** Empties this training profile's ledger, its bookings at the built-in service, its exercises and report. */
  'training:fresh-day': {
    input: noInput,
    output: z.object({ bookings: z.number().int() }),
  },
  'training:add-trainee': {
    input: z.object({ name: profileName }).strict(),
    output: profileViewSchema,
  },
  // The audit of settings actions: its chain checked now, and its entries, newest first.
  'audit:verify': { input: noInput, output: auditVerdictSchema },
  /** The entries the filter keeps, newest first, older than `before` (a sequence number) when given. */
  'audit:list': {
    input: auditFilterSchema
      .extend({ before: z.number().int().positive().optional(), limit: z.number().int().min(1).max(500).default(100) })
      .strict(),
    output: z.array(auditEntrySchema),
  },
  /** Writes the entries the filter keeps to a CSV file the agent picks in main's save dialog; path null when they cancelled it. */
  'audit:export-csv': {
    input: auditFilterSchema,
    output: z.object({ path: z.string().nullable(), entries: z.number().int() }),
  },
  // Updates from the counter's feed: where they stand, the feed and channel, a check now, and the agent's "install now".
  'updates:status': { input: noInput, output: updateStatusSchema },
  'updates:configure': { input: updateSettingsInputSchema, output: updateStatusSchema },
  'updates:check': { input: noInput, output: updateStatusSchema },
  'updates:install-now': { input: noInput, output: updateStatusSchema },
  /** The screens' language: the signed-in agent's choice, else this counter's; setting it sets the one that applies. */
  'language:get': { input: noInput, output: languageChoiceSchema },
  'language:set': { input: z.object({ language: languageSchema }).strict(), output: languageChoiceSchema },
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;
export const channelNames = Object.keys(channels) as ChannelName[];

/**
 * The payment window's own two channels (not the main window's): main answers the request, and
 * believes only an answer these schemas accept (`checkedPageResult`): a pm_ id, or an outcome.
 */
export const paymentWindowChannels = {
  [PAYMENT_WINDOW_REQUEST]: { input: z.undefined(), output: paymentPageRequestSchema },
  [PAYMENT_WINDOW_RESULT]: { input: z.union([cardEntryResultSchema, authenticationResultSchema]), output: z.void() },
} as const;

/** Where a payment is, for the screen: the card window, the charge, the bank's check, waiting for the supplier. */
export const paymentStepSchema = z.enum(['card', 'charging', 'checking', 'authenticating', 'resuming', 'confirming']);
export type PaymentStep = z.infer<typeof paymentStepSchema>;

/** Events pushed from the main process to the renderer. */
export const events = {
  'event:connectivity-change': z.object({ profileId, online: z.boolean() }),
  'event:profiles-change': z.object({ activeProfileId: profileId }),
  /** The booking as the ledger has it now, with its timeline: the screens update from this, with no call back. */
  'event:booking-change': z.object({
    bookingId: z.number().int(),
    profileId,
    status: z.string(),
    booking: bookingRecordSchema,
    timeline: z.array(timelineEventSchema),
  }),
  'event:payment-progress': z.object({ bookingId: z.number().int(), step: paymentStepSchema }),
  /** Who is working changed in main (a sign-in, a lock, the computer locked or asleep): the sign-in screen follows it. */
  'event:people-change': peopleSessionSchema,
  /** A step main started itself (File → Restore Ledger…) waits for a supervisor's approval: the screens ask for it, in these words. */
  'event:approval-asked': z.object({ channel: approvableSchema, target: z.number().int().positive(), message: z.string() }),
  /** A menu item or shortcut handled by the main process asks the renderer to show a screen. */
  'event:navigate': z.object({ screen: z.enum(['new-booking', 'bookings', 'settings']) }),
  /** The agency link moved (live, catching up, unreachable) or this counter's unsent changes changed. */
  'event:agency-change': agencyStatusSchema,
  /** A training scenario went on or off (also when one ended by itself). */
  'event:training-change': z.object({ scenarios: z.array(scenarioViewSchema) }),
  /** The audit chain was checked (at start, or in Settings): the screens show a broken one in red. */
  'event:audit-verdict': auditVerdictSchema,
  /** The counter's update moved (checked, downloading, downloaded, refused, waiting to install). */
  'event:updates-change': updateStatusSchema,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export const eventNames = Object.keys(events) as EventName[];

/** The single IPC channel events travel on; the payload names the event. */
export const EVENT_CHANNEL = 'packdesk:event';
export type PushedEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];
