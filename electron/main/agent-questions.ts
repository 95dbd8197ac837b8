import { dialog } from 'electron';
import type { BrowserWindow, MessageBoxOptions } from 'electron';
import type { AskAgent } from '../core/agent-questions';

/** Main's questions as a native message box over the main window: no page can answer it, and the safe button is the default. */
export function nativeAgentQuestions(window: () => BrowserWindow | null): AskAgent {
  return async (question) => {
    const options: MessageBoxOptions = {
      type: 'warning',
      message: question.message,
      detail: question.detail,
      buttons: [question.proceedLabel, question.cancelLabel],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    };
    const parent = window();
    const { response } = await (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
    return response === 0;
  };
}
