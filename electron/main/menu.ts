import type { MenuItemConstructorOptions } from 'electron';
import { acceleratorOf, SHORTCUTS } from '../../shared/shortcuts';

/** The screens the menu moves to; each is also the id of its shortcut. */
type Screen = 'new-booking' | 'bookings' | 'settings';

/** What the menu does beyond moving between screens. */
export interface MenuActions {
  backUpLedger(): void;
  restoreLedger(): void;
  openLogsFolder(): void;
  checkForUpdates(): void;
  about(): void;
}

/** The application menu: the usual roles plus the counter's own shortcuts. */
export function menuTemplate(
  navigate: (screen: Screen) => void,
  isMac: boolean,
  isDev: boolean,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  const goTo = (screen: Screen): MenuItemConstructorOptions => ({
    label: SHORTCUTS[screen].menuLabel,
    accelerator: acceleratorOf(screen),
    click: () => navigate(screen),
  });
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        goTo('new-booking'),
        goTo('bookings'),
        goTo('settings'),
        { type: 'separator' },
        { label: 'Back Up Ledger…', click: () => actions.backUpLedger() },
        { label: 'Restore Ledger…', click: () => actions.restoreLedger() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(isDev ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }] : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Check for Updates…', click: () => actions.checkForUpdates() },
        { label: 'Open Logs Folder', click: () => actions.openLogsFolder() },
        { label: 'About Packdesk', click: () => actions.about() },
      ],
    },
  ];
}
