import { app, dialog, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import { AppError } from '../core/app-error';
import type { Core } from '../core/core';
import type { MenuActions } from './menu';
import { restoreQuestion } from './restore-question';

/** The menu's ledger and help actions: a backup where the agent chooses, a checked restore, the logs, updates, the versions. */
export function ledgerMenuActions(core: Core, window: () => BrowserWindow | null): MenuActions {
  const tell = async (type: 'info' | 'error', message: string, detail: string) => {
    const parent = window();
    const options = { type, message, detail, buttons: ['OK'] };
    await (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
  };
  const failed = (error: unknown) =>
    error instanceof AppError
      ? tell('error', error.message, error.hint)
      : tell('error', 'That did not work.', 'Try again; if it repeats, Help → Open Logs Folder shows what happened.');

  return {
    backUpLedger() {
      void (async () => {
        const stamp = new Date().toISOString().slice(0, 10);
        const choice = await dialog.showSaveDialog({
          title: 'Back up the ledger',
          defaultPath: `${app.getPath('documents')}/packdesk-ledger-${stamp}.db`,
          filters: [{ name: 'Packdesk ledger', extensions: ['db'] }],
        });
        if (choice.canceled || !choice.filePath) return;
        const facts = core.backups.backUpTo(choice.filePath);
        await tell(
          'info',
          'The ledger is backed up.',
          `${facts.bookings} bookings copied to ${facts.path}. Keep it off this computer too.`,
        );
      })().catch(failed);
    },
    restoreLedger() {
      void (async () => {
        // Refused, or a supervisor's approval asked for, before the agent looks for a file; checked again (and the approval spent) as it is staged.
        if (!(await core.backups.mayRestore())) return;
        const choice = await dialog.showOpenDialog({
          title: 'Restore the ledger from a backup',
          properties: ['openFile'],
          filters: [{ name: 'Packdesk ledger', extensions: ['db'] }],
        });
        const file = choice.filePaths[0];
        if (choice.canceled || !file) return;
        const facts = core.backups.stageRestore(file);
        const confirm = await dialog.showMessageBox({
          type: 'warning',
          ...restoreQuestion(facts),
          buttons: ['Restore and restart', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
        });
        if (confirm.response !== 0) {
          core.backups.cancelRestore();
          return;
        }
        app.relaunch();
        app.quit();
      })().catch(failed);
    },
    openLogsFolder() {
      void shell.openPath(app.getPath('logs'));
    },
    checkForUpdates() {
      void (async () => {
        const status = await core.handlers['updates:check']({});
        await tell(status.state === 'refused' || status.state === 'failed' ? 'error' : 'info', 'Updates', status.message);
      })().catch(failed);
    },
    about() {
      void (async () => {
        const updates = await core.handlers['updates:status']({});
        const lastCheck = updates.lastCheckAt ? new Date(updates.lastCheckAt).toLocaleString() : 'never';
        await tell(
          'info',
          `Packdesk ${app.getVersion()}`,
          `Updates: ${updates.channel} channel, last checked ${lastCheck}. ${updates.message}\nElectron ${process.versions.electron} · Chromium ${process.versions.chrome} · Node ${process.versions.node}\nData: ${app.getPath('userData')}\nLogs: ${app.getPath('logs')}`,
        );
      })().catch(failed);
    },
  };
}
