/**
 * The log file: what the main process (and the browser tests' harness, which stands in for it) prints
 * goes to a rotated file through one redaction, so no key, client secret, card number or e-mail
 * address is ever written, whoever logged it and however (a string, an error, a whole object).
 */
import { inspect } from 'node:util';
import type { Hook, NodeLogger, Transport } from 'electron-log';
import { redactSecrets } from '../../shared/log-redaction';

/** A log file this size is moved to main.old.log and a new one begun: two files at most. */
const LOG_MAX_BYTES = 5 * 1024 * 1024;

/** One value passed to a log call, as redacted text: an error whole (stack, its fields, its cause), an object a few levels deep. */
export function logText(value: unknown): string {
  return redactSecrets(typeof value === 'string' ? value : inspect(value, { depth: 4, breakLength: Infinity }));
}

/** electron-log's hook, run for every message and every transport (file and console) before it is written. */
export const redactingHook: Hook = (message) => ({ ...message, data: message.data.map(logText) });

const CONSOLE_LEVELS = ['error', 'warn', 'info', 'log', 'debug'] as const;

/**
 * Routes `console` to `file` (rotated) and the terminal, through `redactingHook`. In the app it also
 * logs uncaught errors; the test harness leaves those to the test runner. Returns a function that
 * gives `console` back.
 */
export function logConsoleToFile(log: NodeLogger, file: string, options: { catchErrors: boolean }): () => void {
  log.transports.file.maxSize = LOG_MAX_BYTES;
  log.transports.file.resolvePathFn = () => file;
  // In development electron-log would also send every line to every window, payment windows included.
  // (Outside Electron there is no such transport, whatever its type says.)
  const toWindows = log.transports.ipc as Transport | undefined;
  if (toWindows) toWindows.level = false;
  if (!log.hooks.includes(redactingHook)) log.hooks.push(redactingHook);
  const before = Object.fromEntries(CONSOLE_LEVELS.map((level) => [level, console[level]]));
  for (const level of CONSOLE_LEVELS) console[level] = log.functions[level];
  if (options.catchErrors) log.errorHandler.startCatching({ showDialog: false });
  return () => {
    for (const level of CONSOLE_LEVELS) console[level] = before[level] as (typeof console)[typeof level];
  };
}
