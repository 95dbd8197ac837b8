import { defineMessages } from './i18n/messages';
import type { Message } from './i18n/messages';

/**
 * Every key the counter answers to, declared once: the menu takes its accelerators from here, the
 * page its key handling, and the "?" list its rows. `keys` are alternatives, each a combination;
 * `mod` is Ctrl (Cmd on a Mac).
 */
export interface Shortcut {
  keys: readonly (readonly string[])[];
  /** What it does, as the "?" list says it. */
  does: Message;
  /** Where it works. */
  where: Message;
  /** Its item in the File menu, for the shortcuts the menu carries too (the main process's menu words). */
  menuLabel?: string;
}

/** Where a shortcut works, as the "?" list says it. */
const WHERE = defineMessages({
  anywhere: { id: 'shortcuts.where.anywhere', defaultMessage: 'anywhere' },
  trainingProfiles: { id: 'shortcuts.where.trainingProfiles', defaultMessage: 'training profiles' },
  outsideTextFields: { id: 'shortcuts.where.outsideTextFields', defaultMessage: 'anywhere but a text field' },
  bookingFlow: { id: 'shortcuts.where.bookingFlow', defaultMessage: 'booking flow' },
  searchAndBookings: { id: 'shortcuts.where.searchAndBookings', defaultMessage: 'package search, Bookings' },
  bookings: { id: 'shortcuts.where.bookings', defaultMessage: 'Bookings' },
  booking: { id: 'shortcuts.where.booking', defaultMessage: 'a booking' },
  today: { id: 'shortcuts.where.today', defaultMessage: 'Today' },
  report: { id: 'shortcuts.where.report', defaultMessage: 'a report' },
  voucher: { id: 'shortcuts.where.voucher', defaultMessage: 'a voucher' },
  changeWaiting: { id: 'shortcuts.where.changeWaiting', defaultMessage: 'a change waiting for payment' },
  addProfile: { id: 'shortcuts.where.addProfile', defaultMessage: 'Add profile' },
  cancelDialog: { id: 'shortcuts.where.cancelDialog', defaultMessage: 'cancel dialog' },
  signedIn: { id: 'shortcuts.where.signedIn', defaultMessage: 'signed in' },
  signInForStep: { id: 'shortcuts.where.signInForStep', defaultMessage: 'sign-in asked for a step' },
  approval: { id: 'shortcuts.where.approval', defaultMessage: 'supervisor’s approval' },
});

/** What each shortcut does, as the "?" list says it. */
const DOES = defineMessages({
  newBooking: { id: 'shortcuts.does.newBooking', defaultMessage: 'New booking (asks before discarding one in progress)' },
  bookings: { id: 'shortcuts.does.bookings', defaultMessage: 'Bookings' },
  find: { id: 'shortcuts.does.find', defaultMessage: 'Find a booking' },
  today: { id: 'shortcuts.does.today', defaultMessage: 'Today: the day in numbers' },
  settings: { id: 'shortcuts.does.settings', defaultMessage: 'Settings' },
  trainer: { id: 'shortcuts.does.trainer', defaultMessage: 'Trainer: exercises, scenarios, reports' },
  shortcutList: { id: 'shortcuts.does.shortcutList', defaultMessage: 'This list' },
  flowForward: { id: 'shortcuts.does.flowForward', defaultMessage: 'Move on: the first hotel, the price, the next step, pay' },
  flowBack: { id: 'shortcuts.does.flowBack', defaultMessage: 'Step back, keeping what was typed' },
  nextResult: { id: 'shortcuts.does.nextResult', defaultMessage: 'Into the results, then down them' },
  previousResult: { id: 'shortcuts.does.previousResult', defaultMessage: 'Up the results; from the first, back to the search' },
  openBooking: { id: 'shortcuts.does.openBooking', defaultMessage: 'Open the booking' },
  cancelBooking: { id: 'shortcuts.does.cancelBooking', defaultMessage: 'Cancel the booking' },
  modifyBooking: { id: 'shortcuts.does.modifyBooking', defaultMessage: 'Change its dates or room' },
  printVoucher: { id: 'shortcuts.does.printVoucher', defaultMessage: 'Print its voucher' },
  bookingBack: { id: 'shortcuts.does.bookingBack', defaultMessage: 'Back to all bookings (a dialog or form open on it closes first)' },
  endOfDayReport: { id: 'shortcuts.does.endOfDayReport', defaultMessage: 'The end-of-day report of the day shown' },
  periodReport: { id: 'shortcuts.does.periodReport', defaultMessage: 'The period report (a week, a month)' },
  reportBack: { id: 'shortcuts.does.reportBack', defaultMessage: 'Back from the report to Today' },
  voucherBack: { id: 'shortcuts.does.voucherBack', defaultMessage: 'Back from the voucher' },
  closeChangeWord: {
    id: 'shortcuts.does.closeChangeWord',
    defaultMessage: 'Back from marking a change paid or abandoned, staying on the booking',
  },
  closeAddProfile: { id: 'shortcuts.does.closeAddProfile', defaultMessage: 'Close the form without saving' },
  confirmCancel: { id: 'shortcuts.does.confirmCancel', defaultMessage: 'Confirm the cancellation' },
  lockScreen: { id: 'shortcuts.does.lockScreen', defaultMessage: 'Lock the screen (your PIN opens it again)' },
  changeAgent: { id: 'shortcuts.does.changeAgent', defaultMessage: 'Change of agent: the next one signs in' },
  closeSignIn: { id: 'shortcuts.does.closeSignIn', defaultMessage: 'Back, without signing in (what needed it is not done)' },
  closeApproval: { id: 'shortcuts.does.closeApproval', defaultMessage: 'No approval: nothing is sent' },
});

export const SHORTCUTS = {
  'new-booking': { keys: [['mod', 'N']], does: DOES.newBooking, where: WHERE.anywhere, menuLabel: 'New Booking' },
  bookings: { keys: [['mod', 'B']], does: DOES.bookings, where: WHERE.anywhere, menuLabel: 'Bookings' },
  find: { keys: [['mod', 'F']], does: DOES.find, where: WHERE.anywhere },
  // Not in the menu, whose Edit → Redo is Ctrl+Y on Windows (Ctrl+Shift+Z still redoes in a field).
  today: { keys: [['mod', 'Y']], does: DOES.today, where: WHERE.anywhere },
  settings: { keys: [['mod', ',']], does: DOES.settings, where: WHERE.anywhere, menuLabel: 'Settings' },
  trainer: { keys: [['mod', 'T']], does: DOES.trainer, where: WHERE.trainingProfiles },
  'shortcut-list': { keys: [['?']], does: DOES.shortcutList, where: WHERE.outsideTextFields },
  'flow-forward': { keys: [['Enter']], does: DOES.flowForward, where: WHERE.bookingFlow },
  'flow-back': { keys: [['Escape']], does: DOES.flowBack, where: WHERE.bookingFlow },
  'next-result': { keys: [['ArrowDown']], does: DOES.nextResult, where: WHERE.searchAndBookings },
  'previous-result': { keys: [['ArrowUp']], does: DOES.previousResult, where: WHERE.searchAndBookings },
  'open-booking': { keys: [['Enter']], does: DOES.openBooking, where: WHERE.bookings },
  'cancel-booking': { keys: [['C']], does: DOES.cancelBooking, where: WHERE.booking },
  'modify-booking': { keys: [['D']], does: DOES.modifyBooking, where: WHERE.booking },
  'print-voucher': { keys: [['V']], does: DOES.printVoucher, where: WHERE.booking },
  'booking-back': { keys: [['Escape']], does: DOES.bookingBack, where: WHERE.booking },
  'end-of-day-report': { keys: [['E']], does: DOES.endOfDayReport, where: WHERE.today },
  'period-report': { keys: [['P']], does: DOES.periodReport, where: WHERE.today },
  'report-back': { keys: [['Escape']], does: DOES.reportBack, where: WHERE.report },
  'voucher-back': { keys: [['Escape']], does: DOES.voucherBack, where: WHERE.voucher },
  'close-change-word': { keys: [['Escape']], does: DOES.closeChangeWord, where: WHERE.changeWaiting },
  'close-add-profile': { keys: [['Escape']], does: DOES.closeAddProfile, where: WHERE.addProfile },
  'confirm-cancel': { keys: [['mod', 'Enter']], does: DOES.confirmCancel, where: WHERE.cancelDialog },
  'lock-screen': { keys: [['mod', 'L']], does: DOES.lockScreen, where: WHERE.signedIn },
  'change-agent': { keys: [['mod', 'shift', 'L']], does: DOES.changeAgent, where: WHERE.signedIn },
  'close-sign-in': { keys: [['Escape']], does: DOES.closeSignIn, where: WHERE.signInForStep },
  'close-approval': { keys: [['Escape']], does: DOES.closeApproval, where: WHERE.approval },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** The shortcut as an Electron menu accelerator ("CmdOrCtrl+N"). */
export function acceleratorOf(id: ShortcutId): string {
  const [combination = []] = SHORTCUTS[id].keys;
  return combination.map((key) => (key === 'mod' ? 'CmdOrCtrl' : key)).join('+');
}
