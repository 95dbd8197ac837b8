import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channelNames } from '../../shared/ipc';
import { defineMessages } from '../../shared/i18n/messages';
import { AppError } from '../core/app-error';
import type { Dispatch } from '../core/dispatch';
import type { MainWords } from '../core/i18n/main-words';

const words = defineMessages({
  untrusted: {
    id: 'error.ipc.untrustedSender.message',
    defaultMessage: 'A request came from a page that is not Packdesk and was refused.',
  },
  untrustedHint: { id: 'error.ipc.untrustedSender.hint', defaultMessage: 'Close any other windows and use the main Packdesk window.' },
});

/** The refusal of a call from a page that is not Packdesk's, in the counter's language when main's words are given. */
const refused = (mainWords: MainWords | null) => {
  const error = new AppError('untrusted_sender', { message: words.untrusted }, { message: words.untrustedHint });
  return (mainWords ? error.localize(mainWords) : error).toShape();
};

/** Registers every declared channel; each call is checked for its sender, then validated and run by the dispatcher. */
export function registerIpc(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
  mainWords: MainWords | null = null,
): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, input: unknown) =>
      isTrusted(event) ? dispatch(channel, input) : { ok: false, error: refused(mainWords) },
    );
  }
  return () => {
    for (const channel of channelNames) ipcMain.removeHandler(channel);
  };
}
