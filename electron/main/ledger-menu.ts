import { app, dialog, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import { defineMessages, PRODUCT_NAME } from '../../shared/i18n/messages';
import type { Message } from '../../shared/i18n/messages';
import { AppError } from '../core/app-error';
import type { Core } from '../core/core';
import type { MenuActions } from './menu';
import { restoreQuestion } from './restore-question';

/** The one button of a message box: the same word in the counter's every language. */
const OK = 'OK';

const words = defineMessages({
  failed: { id: 'main.dialog.failed.message', defaultMessage: 'That did not work.' },
  failedHint: { id: 'main.dialog.failed.hint', defaultMessage: 'Try again; if it repeats, Help → Open Logs Folder shows what happened.' },
  backUpTitle: { id: 'main.backup.title', defaultMessage: 'Back up the ledger' },
  ledgerFiles: { id: 'main.backup.fileType', defaultMessage: '{product} ledger' },
  backedUp: { id: 'main.backup.done.message', defaultMessage: 'The ledger is backed up.' },
  backedUpDetail: {
    id: 'main.backup.done.detail',
    defaultMessage:
      '{count, plural, one {{count} bookings copied to {path}.} other {{count} bookings copied to {path}.}} Keep it off this computer too.',
  },
  restoreTitle: { id: 'main.restore.title', defaultMessage: 'Restore the ledger from a backup' },
  restoreAndRestart: { id: 'main.restore.proceed', defaultMessage: 'Restore and restart' },
  cancel: { id: 'main.dialog.cancel', defaultMessage: 'Cancel' },
  updates: { id: 'main.updates.title', defaultMessage: 'Updates' },
  aboutUpdates: {
    id: 'main.about.updates',
    defaultMessage: 'Updates: {channel} channel, last checked {checked, select, never {never} other {{lastCheck}}}. {status}',
  },
  aboutData: { id: 'main.about.data', defaultMessage: 'Data: {path}' },
  aboutLogs: { id: 'main.about.logs', defaultMessage: 'Logs: {path}' },
});

/**
 * The menu's ledger and help actions: a backup where the agent chooses, a checked restore, the logs, updates, the versions.
 * Every dialog in the counter's language (`core.language.words`).
 */
export function ledgerMenuActions(core: Core, window: () => BrowserWindow | null): MenuActions {
  const say = core.language.words;
  const text = (message: Message, values: Record<string, string | number> = {}) =>
    say.text({ message, values: { product: PRODUCT_NAME, ...values } });
  const tell = async (type: 'info' | 'error', message: string, detail: string) => {
    const parent = window();
    const options = { type, message, detail, buttons: [OK] };
    await (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
  };
  const failed = (error: unknown) => {
    if (!(error instanceof AppError)) return tell('error', text(words.failed), text(words.failedHint));
    error.localize(say);
    return tell('error', error.message, error.hint);
  };

  return {
    backUpLedger() {
      void (async () => {
        const stamp = new Date().toISOString().slice(0, 10);
        const choice = await dialog.showSaveDialog({
          title: text(words.backUpTitle),
          defaultPath: `${app.getPath('documents')}/packdesk-ledger-${stamp}.db`,
          filters: [{ name: text(words.ledgerFiles), extensions: ['db'] }],
        });
        if (choice.canceled || !choice.filePath) return;
        const facts = core.backups.backUpTo(choice.filePath);
        await tell('info', text(words.backedUp), text(words.backedUpDetail, { count: facts.bookings, path: facts.path }));
      })().catch(failed);
    },
    restoreLedger() {
      void (async () => {
        // Refused, or a supervisor's approval asked for, before the agent looks for a file; checked again (and the approval spent) as it is staged.
        if (!(await core.backups.mayRestore())) return;
        const choice = await dialog.showOpenDialog({
          title: text(words.restoreTitle),
          properties: ['openFile'],
          filters: [{ name: text(words.ledgerFiles), extensions: ['db'] }],
        });
        const file = choice.filePaths[0];
        if (choice.canceled || !file) return;
        const facts = core.backups.stageRestore(file);
        const confirm = await dialog.showMessageBox({
          type: 'warning',
          ...restoreQuestion(facts, say),
          buttons: [text(words.restoreAndRestart), text(words.cancel)],
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
        await tell(status.state === 'refused' || status.state === 'failed' ? 'error' : 'info', text(words.updates), status.message);
      })().catch(failed);
    },
    about() {
      void (async () => {
        const updates = await core.handlers['updates:status']({});
        const detail = [
          text(words.aboutUpdates, {
            channel: updates.channel,
            checked: updates.lastCheckAt ? 'yes' : 'never',
            lastCheck: updates.lastCheckAt ? new Date(updates.lastCheckAt).toLocaleString() : '',
            status: updates.message,
          }),
          `Electron ${process.versions.electron} · Chromium ${process.versions.chrome} · Node ${process.versions.node}`,
          text(words.aboutData, { path: app.getPath('userData') }),
          text(words.aboutLogs, { path: app.getPath('logs') }),
        ].join('\n');
        await tell('info', `${PRODUCT_NAME} ${app.getVersion()}`, detail);
      })().catch(failed);
    },
  };
}
