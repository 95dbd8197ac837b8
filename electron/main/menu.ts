import type { MenuItemConstructorOptions } from 'electron';
import { defineMessages, PRODUCT_NAME } from '../../shared/i18n/messages';
import type { Message } from '../../shared/i18n/messages';
import { acceleratorOf } from '../../shared/shortcuts';
import { englishText } from '../core/i18n/main-words';
import type { MainWords } from '../core/i18n/main-words';

const words = defineMessages({
  file: { id: 'main.menu.file', defaultMessage: 'File' },
  view: { id: 'main.menu.view', defaultMessage: 'View' },
  newBooking: { id: 'main.menu.newBooking', defaultMessage: 'New Booking' },
  bookings: { id: 'main.menu.bookings', defaultMessage: 'Bookings' },
  settings: { id: 'main.menu.settings', defaultMessage: 'Settings' },
  backUpLedger: { id: 'main.menu.backUpLedger', defaultMessage: 'Back Up Ledger…' },
  restoreLedger: { id: 'main.menu.restoreLedger', defaultMessage: 'Restore Ledger…' },
  checkForUpdates: { id: 'main.menu.checkForUpdates', defaultMessage: 'Check for Updates…' },
  openLogsFolder: { id: 'main.menu.openLogsFolder', defaultMessage: 'Open Logs Folder' },
  about: { id: 'main.menu.about', defaultMessage: 'About {product}' },
  quit: { id: 'main.menu.quit', defaultMessage: 'Quit' },
  exit: { id: 'main.menu.exit', defaultMessage: 'Exit' },
  closeWindow: { id: 'main.menu.closeWindow', defaultMessage: 'Close Window' },
  edit: { id: 'main.menu.edit', defaultMessage: 'Edit' },
  undo: { id: 'main.menu.undo', defaultMessage: 'Undo' },
  redo: { id: 'main.menu.redo', defaultMessage: 'Redo' },
  cut: { id: 'main.menu.cut', defaultMessage: 'Cut' },
  copy: { id: 'main.menu.copy', defaultMessage: 'Copy' },
  paste: { id: 'main.menu.paste', defaultMessage: 'Paste' },
  selectAll: { id: 'main.menu.selectAll', defaultMessage: 'Select All' },
  actualSize: { id: 'main.menu.actualSize', defaultMessage: 'Actual Size' },
  zoomIn: { id: 'main.menu.zoomIn', defaultMessage: 'Zoom In' },
  zoomOut: { id: 'main.menu.zoomOut', defaultMessage: 'Zoom Out' },
  fullScreen: { id: 'main.menu.fullScreen', defaultMessage: 'Toggle Full Screen' },
  window: { id: 'main.menu.window', defaultMessage: 'Window' },
  minimize: { id: 'main.menu.minimize', defaultMessage: 'Minimize' },
  zoom: { id: 'main.menu.zoom', defaultMessage: 'Zoom' },
  help: { id: 'main.menu.help', defaultMessage: 'Help' },
});

/** The screens the menu moves to; each is also the id of its shortcut. */
type Screen = 'new-booking' | 'bookings' | 'settings';
const SCREEN_LABELS: Record<Screen, Message> = { 'new-booking': words.newBooking, bookings: words.bookings, settings: words.settings };

/** What the menu does beyond moving between screens. */
export interface MenuActions {
  backUpLedger(): void;
  restoreLedger(): void;
  openLogsFolder(): void;
  checkForUpdates(): void;
  about(): void;
}

/**
 * The application menu: the usual roles plus the counter's own items and shortcuts, every label in the
 * counter's language (`say`; English where none is given). The Mac's application menu keeps the system's words.
 */
export function menuTemplate(
  navigate: (screen: Screen) => void,
  isMac: boolean,
  isDev: boolean,
  actions: MenuActions,
  say: Pick<MainWords, 'text'> = { text: englishText },
): MenuItemConstructorOptions[] {
  const label = (message: Message) => say.text({ message, values: { product: PRODUCT_NAME } });
  const goTo = (screen: Screen): MenuItemConstructorOptions => ({
    label: label(SCREEN_LABELS[screen]),
    accelerator: acceleratorOf(screen),
    click: () => navigate(screen),
  });
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: label(words.file),
      submenu: [
        goTo('new-booking'),
        goTo('bookings'),
        goTo('settings'),
        { type: 'separator' },
        { label: label(words.backUpLedger), click: () => actions.backUpLedger() },
        { label: label(words.restoreLedger), click: () => actions.restoreLedger() },
        { type: 'separator' },
        isMac
          ? { role: 'close', label: label(words.closeWindow) }
          : { role: 'quit', label: label(process.platform === 'win32' ? words.exit : words.quit) },
      ],
    },
    {
      label: label(words.edit),
      submenu: [
        { role: 'undo', label: label(words.undo) },
        { role: 'redo', label: label(words.redo) },
        { type: 'separator' },
        { role: 'cut', label: label(words.cut) },
        { role: 'copy', label: label(words.copy) },
        { role: 'paste', label: label(words.paste) },
        { role: 'selectAll', label: label(words.selectAll) },
      ],
    },
    {
      label: label(words.view),
      submenu: [
        ...(isDev ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }] : []),
        { role: 'resetZoom', label: label(words.actualSize) },
        { role: 'zoomIn', label: label(words.zoomIn) },
        { role: 'zoomOut', label: label(words.zoomOut) },
        { type: 'separator' },
        { role: 'togglefullscreen', label: label(words.fullScreen) },
      ],
    },
    {
      role: 'window',
      label: label(words.window),
      submenu: [
        { role: 'minimize', label: label(words.minimize) },
        isMac ? { role: 'zoom', label: label(words.zoom) } : { role: 'close', label: label(words.closeWindow) },
      ],
    },
    {
      role: 'help',
      label: label(words.help),
      submenu: [
        { label: label(words.checkForUpdates), click: () => actions.checkForUpdates() },
        { label: label(words.openLogsFolder), click: () => actions.openLogsFolder() },
        { label: label(words.about), click: () => actions.about() },
      ],
    },
  ];
}
