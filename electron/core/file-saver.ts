/**
 * The port that saves a text file Packdesk wrote (an audit export) where the agent chooses: Electron's
 * save dialog in the app, a file in the data folder in the browser tests. Resolves to where it was
 * saved, or null when the agent cancelled the dialog.
 */
export interface FileSaver {
  saveText(suggestedFileName: string, text: string, type: { name: string; extension: string }): Promise<string | null>;
}
