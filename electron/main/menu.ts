import type { MenuItemConstructorOptions } from 'electron';

type Screen = 'new-booking' | 'bookings' | 'settings';

/** What the menu does beyond moving between screens. */
export interface MenuActions {
  backUpLedger(): void;
  restoreLedger(): void;
  openLogsFolder(): void;
  about(): void;
}

/** The application menu: the usual roles plus the counter's own shortcuts. */
export function menuTemplate(
  navigate: (screen: Screen) => void,
  isMac: boolean,
  isDev: boolean,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Booking', accelerator: 'CmdOrCtrl+N', click: () => navigate('new-booking') },
        { label: 'Bookings', accelerator: 'CmdOrCtrl+B', click: () => navigate('bookings') },
        { label: 'Settings', accelerator: 'CmdOrCtrl+,', click: () => navigate('settings') },
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
        { label: 'Open Logs Folder', click: () => actions.openLogsFolder() },
        { label: 'About Packdesk', click: () => actions.about() },
      ],
    },
  ];
}
