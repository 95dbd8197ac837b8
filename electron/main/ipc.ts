import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channelNames } from '../../shared/ipc';
import { AppError } from '../core/app-error';
import type { Dispatch } from '../core/dispatch';

const refused = new AppError(
  'untrusted_sender',
  'A request came from a page that is not Packdesk and was refused.',
  'Close any other windows and use the main Packdesk window.',
).toShape();

/** Registers every declared channel; each call is checked for its sender, then validated and run by the dispatcher. */
export function registerIpc(ipcMain: IpcMain, dispatch: Dispatch, isTrusted: (event: IpcMainInvokeEvent) => boolean): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, input: unknown) => (isTrusted(event) ? dispatch(channel, input) : { ok: false, error: refused }));
  }
  return () => {
    for (const channel of channelNames) ipcMain.removeHandler(channel);
  };
}
