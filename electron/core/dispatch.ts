import type { Envelope } from '../../shared/errors';
import { channels } from '../../shared/ipc';
import type { ChannelName, ChannelOutput, Channels } from '../../shared/ipc';
import { AppError, toErrorShape } from './app-error';
import type { z } from 'zod';

/** One function per channel, taking the already validated input. */
export type Handlers = {
  [C in ChannelName]: (input: z.output<Channels[C]['input']>) => Promise<ChannelOutput<C>>;
};

function invalidInput(issues: z.core.$ZodIssue[]): AppError {
  const first = issues[0];
  const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
  return new AppError(
    'invalid_input',
    `${first?.message ?? 'The request was not understood'}${where}.`.replace('..', '.'),
    'Correct the highlighted field and try again.',
  );
}

/** How main (and the browser tests' harness) logs a call that failed unexpectedly: its channel and the error, redacted by the log. */
export function logUnexpectedFailure(channel: string, error: unknown): void {
  console.error(`[ipc] ${channel} failed`, error);
}

/**
 * Validates a call against its declared schema before any work, runs it, and wraps the outcome
 * in an envelope. The main process and the browser test harness both route calls through this.
 */
export function createDispatcher(handlers: Handlers, onUnexpected: (channel: string, error: unknown) => void = () => {}) {
  return async function dispatch(channel: unknown, input: unknown): Promise<Envelope<unknown>> {
    if (typeof channel !== 'string' || !Object.hasOwn(channels, channel)) {
      return {
        ok: false,
        error: new AppError('unknown_channel', 'Packdesk was asked to do something it does not know.', 'Restart Packdesk.').toShape(),
      };
    }
    const name = channel as ChannelName;
    const parsed = channels[name].input.safeParse(input);
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error.issues).toShape() };
    try {
      const handler = handlers[name] as (value: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (!(error instanceof AppError)) onUnexpected(name, error);
      return { ok: false, error: toErrorShape(error) };
    }
  };
}

export type Dispatch = ReturnType<typeof createDispatcher>;
