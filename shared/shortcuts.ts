/**
 * Every key the counter answers to, declared once: the menu takes its accelerators from here, the
 * page its key handling, and the "?" list its rows. `keys` are alternatives, each a combination;
 * `mod` is Ctrl (Cmd on a Mac).
 */
export interface Shortcut {
  keys: readonly (readonly string[])[];
  /** What it does, as the "?" list says it. */
  does: string;
  /** Where it works. */
  where: string;
  /** Its item in the File menu, for the shortcuts the menu carries too. */
  menuLabel?: string;
}

export const SHORTCUTS = {
  'new-booking': {
    keys: [['mod', 'N']],
    does: 'New booking (asks before discarding one in progress)',
    where: 'anywhere',
    menuLabel: 'New Booking',
  },
  bookings: { keys: [['mod', 'B']], does: 'Bookings', where: 'anywhere', menuLabel: 'Bookings' },
  find: { keys: [['mod', 'F']], does: 'Find a booking', where: 'anywhere' },
  // Not in the menu, whose Edit → Redo is Ctrl+Y on Windows (Ctrl+Shift+Z still redoes in a field).
  today: { keys: [['mod', 'Y']], does: 'Today: the day in numbers', where: 'anywhere' },
  settings: { keys: [['mod', ',']], does: 'Settings', where: 'anywhere', menuLabel: 'Settings' },
  trainer: { keys: [['mod', 'T']], does: 'Trainer: exercises, scenarios, reports', where: 'training profiles' },
  'shortcut-list': { keys: [['?']], does: 'This list', where: 'anywhere but a text field' },
  'flow-forward': { keys: [['Enter']], does: 'Move on: the first hotel, the price, the next step, pay', where: 'booking flow' },
  'flow-back': { keys: [['Escape']], does: 'Step back, keeping what was typed', where: 'booking flow' },
  'next-result': { keys: [['ArrowDown']], does: 'Into the results, then down them', where: 'package search, Bookings' },
  'previous-result': { keys: [['ArrowUp']], does: 'Up the results; from the first, back to the search', where: 'package search, Bookings' },
  'open-booking': { keys: [['Enter']], does: 'Open the booking', where: 'Bookings' },
  'cancel-booking': { keys: [['C']], does: 'Cancel the booking', where: 'a booking' },
  'modify-booking': { keys: [['D']], does: 'Change its dates or room', where: 'a booking' },
  'print-voucher': { keys: [['V']], does: 'Print its voucher', where: 'a booking' },
  'booking-back': { keys: [['Escape']], does: 'Back to all bookings (a dialog or form open on it closes first)', where: 'a booking' },
  'end-of-day-report': { keys: [['E']], does: 'The end-of-day report of the day shown', where: 'Today' },
  'period-report': { keys: [['P']], does: 'The period report (a week, a month)', where: 'Today' },
  'report-back': { keys: [['Escape']], does: 'Back from the report to Today', where: 'a report' },
  'voucher-back': { keys: [['Escape']], does: 'Back from the voucher', where: 'a voucher' },
  'close-change-word': {
    keys: [['Escape']],
    does: 'Back from marking a change paid or abandoned, staying on the booking',
    where: 'a change waiting for payment',
  },
  'close-add-profile': { keys: [['Escape']], does: 'Close the form without saving', where: 'Add profile' },
  'confirm-cancel': { keys: [['mod', 'Enter']], does: 'Confirm the cancellation', where: 'cancel dialog' },
  'lock-screen': { keys: [['mod', 'L']], does: 'Lock the screen (your PIN opens it again)', where: 'signed in' },
  'change-agent': { keys: [['mod', 'shift', 'L']], does: 'Change of agent: the next one signs in', where: 'signed in' },
  'close-sign-in': { keys: [['Escape']], does: 'Back, without signing in (what needed it is not done)', where: 'sign-in asked for a step' },
  'close-approval': { keys: [['Escape']], does: 'No approval: nothing is sent', where: 'supervisor’s approval' },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** The shortcut as an Electron menu accelerator ("CmdOrCtrl+N"). */
export function acceleratorOf(id: ShortcutId): string {
  const [combination = []] = SHORTCUTS[id].keys;
  return combination.map((key) => (key === 'mod' ? 'CmdOrCtrl' : key)).join('+');
}
