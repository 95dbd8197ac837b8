import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The port that saves a text file Packdesk wrote (an audit export, a report's CSV) where the agent
 * chooses: Electron's save dialog in the app, a file in the data folder in the browser tests.
 * Resolves to where it was saved, or null when the agent cancelled the dialog.
 */
export interface FileSaver {
  saveText(suggestedFileName: string, text: string, type: { name: string; extension: string }): Promise<string | null>;
  /** The same for a long file, written to disk piece by piece as `chunks` yields them (never one string in memory). */
  saveStream?(suggestedFileName: string, chunks: Iterable<string>, type: { name: string; extension: string }): Promise<string | null>;
}

/** Writes the chunks to a file as a stream, in UTF-8; the saver's implementations share it. */
export async function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(chunks), createWriteStream(path, { encoding: 'utf8' }));
}

/** Saves with the saver's stream where it has one, else as one text (a saver written before streams). */
export function saveChunks(
  saver: FileSaver,
  name: string,
  chunks: Iterable<string>,
  type: { name: string; extension: string },
): Promise<string | null> {
  return saver.saveStream ? saver.saveStream(name, chunks, type) : saver.saveText(name, [...chunks].join(''), type);
}
