/**
 * electron-updater at its Electron boundary, and nowhere else. The updater is electron-updater's own
 * `DebUpdater` (the feed's parsing, the staging decision's hook, the download and its sha512 check
 * are its code); only what needs a running Electron is stood in for: the app (`AppAdapter`, checked
 * against electron-updater's declaration) and the wire under its own HTTP executor (Node's http in
 * place of Electron's `net`, which is the only thing `createRequest` changes). `quitAndInstall`
 * records the call instead of running dpkg and quitting.
 */
import { request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as ElectronUpdaterModule from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
// From its own file: a test that stands in for the 'electron-updater' module still gets the real class
// (with .js, so that Node's own ESM loader finds it too, in the bundled bench).
import { DebUpdater } from 'electron-updater/out/DebUpdater.js';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';

/** The installed app as electron-updater sees it: a packaged Packdesk of `version`, its folders under `dir`. */
export class StandInAppAdapter implements AppAdapter {
  readonly name = 'Packdesk';
  readonly isPackaged = true;
  readonly appUpdateConfigPath: string;
  readonly userDataPath: string;
  readonly baseCachePath: string;
  quitHandlers = 0;
  constructor(
    readonly version: string,
    dir: string,
  ) {
    this.appUpdateConfigPath = join(dir, 'resources', 'app-update.yml');
    this.userDataPath = join(dir, 'user-data');
    this.baseCachePath = join(dir, 'cache');
    mkdirSync(this.userDataPath, { recursive: true });
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  relaunch(): void {
    throw new Error('the stand-in app is never relaunched by the updater in these tests');
  }
  quit(): void {
    throw new Error('the stand-in app is never quit by the updater in these tests');
  }
  /** electron-updater's install at quit registers here; the tests see that it did. */
  onQuit(): void {
    this.quitHandlers += 1;
  }
}

/** electron-updater's own executor, its requests made with Node's http instead of Electron's net. */
class LoopbackHttpExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): Electron.ClientRequest {
    const outgoing: ClientRequest = httpRequest(options);
    outgoing.on('response', callback);
    // The executor uses only what both requests have (on, end, abort); Electron's redirect event is not needed on loopback.
    return outgoing as unknown as Electron.ClientRequest;
  }
}

/** electron-updater's Debian updater on the stand-in app, downloading over loopback; installs are counted, not run. */
export class StandInDebUpdater extends DebUpdater {
  readonly installs: { isSilent: boolean; isForceRunAfter: boolean }[] = [];
  constructor(app: StandInAppAdapter) {
    super(null, app);
    // Set where electron-updater sets its Electron executor (the constructor, for an app of its own).
    Object.defineProperty(this, 'httpExecutor', { value: new LoopbackHttpExecutor() });
    this.logger = null;
  }
  override quitAndInstall(isSilent = false, isForceRunAfter = false): void {
    this.installs.push({ isSilent, isForceRunAfter });
  }
}

/** The 'electron-updater' module for a test that starts the whole app: its updaters are the stand-in Debian updater. */
export function standInElectronUpdaterModule(): { default: Pick<typeof ElectronUpdaterModule, 'autoUpdater' | 'DebUpdater'> } {
  const standIn = () => new StandInAppAdapter('0.1.0', mkdtempSync(join(tmpdir(), 'packdesk-updater-')));
  class AppDebUpdater extends StandInDebUpdater {
    constructor() {
      super(standIn());
    }
  }
  return { default: { autoUpdater: new AppDebUpdater(), DebUpdater: AppDebUpdater } };
}
