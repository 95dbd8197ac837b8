import { app, dialog } from 'electron';
import { languageOfLocales } from '../../shared/i18n/languages';
import { defineMessages } from '../../shared/i18n/messages';
import { createMainWords } from '../core/i18n/main-words';
import { startProblems } from '../core/self-check';
import type { StartProblem } from '../core/self-check';
import { registerAppScheme } from './app-protocol';
import { startLogging } from './logging';

/**
 * The first thing the main process runs: one Packdesk per data folder, a check of what the app
 * needs (shown in words if something is missing), then the app itself, loaded only after the check
 * so that a missing SQLite is reported instead of crashing the start. On the first start of another
 * version, its self-check of the data folder (upgrade-data-folder.ts) comes before any migration.
 */
export async function boot(): Promise<void> {
  // Tests and the soak point a build run from source at another data folder. An installed Packdesk
  // ignores it: a variable planted in a counter's environment must not move its ledger somewhere else.
  const ignoredDataDir = app.isPackaged ? (process.env.PACKDESK_DATA_DIR ?? null) : null;
  if (process.env.PACKDESK_DATA_DIR && !app.isPackaged) app.setPath('userData', process.env.PACKDESK_DATA_DIR);
  // A second Packdesk would write the same ledger at once: the first one is focused instead.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let running: { focus(): void } | null = null;
  app.on('second-instance', () => running?.focus());
  // Only before the app is ready can a scheme be made standard and secure.
  registerAppScheme();
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  await app.whenReady();
  if (process.versions.electron) {
    await startLogging();
    console.info(`[start] Packdesk ${app.getVersion()}, Electron ${process.versions.electron}`);
  }
  if (ignoredDataDir)
    console.warn(
      `[start] PACKDESK_DATA_DIR is set but an installed Packdesk keeps its data in ${app.getPath('userData')}; unset it, or run Packdesk from source to use another folder.`,
    );
  const problems = await startProblems(app.getPath('userData'));
  if (problems.length) {
    await cannotStart(problems);
    return;
  }
  // The first start of another version checks the data folder before migrating it (loaded after the check above: it needs SQLite).
  const { upgradeDataFolder } = await import('../core/upgrade-data-folder');
  const upgrade = upgradeDataFolder(app.getPath('userData'), app.getVersion());
  if (upgrade.problems.length) {
    await cannotStart(upgrade.problems);
    return;
  }
  if (upgrade.checked)
    console.info(
      `[start] first start of ${app.getVersion()} on this data folder (after ${upgrade.previous ?? 'an unrecorded version'}): self-check passed${upgrade.copies.length ? `; copies kept: ${upgrade.copies.join(', ')}` : ''}`,
    );
  const { startPackdesk } = await import('./packdesk-app');
  running = await startPackdesk();
}

const words = defineMessages({
  title: { id: 'start.cannotStart.title', defaultMessage: 'Packdesk cannot start' },
  nothingChanged: { id: 'start.cannotStart.nothingChanged', defaultMessage: 'Nothing was changed; no booking was lost.' },
});

/**
 * What keeps Packdesk from starting, in a message box; then it quits with nothing changed. In the system's
 * language: the counter's own choice is in its settings, which may be what cannot be read.
 */
async function cannotStart(problems: StartProblem[]): Promise<void> {
  const language = languageOfLocales(app.getPreferredSystemLanguages());
  const say = createMainWords(() => language);
  // English if even the catalog cannot be loaded: the box is shown whatever else failed.
  await say.follow().catch(() => undefined);
  const lines = problems.map((problem) => `${say.text(problem.what)}\n${say.text(problem.todo)}`);
  dialog.showErrorBox(say.text({ message: words.title }), `${lines.join('\n\n')}\n\n${say.text({ message: words.nothingChanged })}`);
  app.quit();
}
