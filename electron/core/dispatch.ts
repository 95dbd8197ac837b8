import { defineMessages } from '../../shared/i18n/messages';
import type { Envelope } from '../../shared/errors';
import { channels } from '../../shared/ipc';
import type { ChannelName, ChannelOutput, Channels } from '../../shared/ipc';
import { AppError, toErrorShape } from './app-error';
import type { MainWords } from './i18n/main-words';
import { invalidInput } from './input-refusal';
import type { z } from 'zod';

const words = defineMessages({
  unknownChannel: { id: 'error.dispatch.unknownChannel.message', defaultMessage: 'Packdesk was asked to do something it does not know.' },
  unknownChannelHint: { id: 'error.dispatch.unknownChannel.hint', defaultMessage: 'Restart Packdesk.' },
});

/** One function per channel, taking the already validated input. */
export type Handlers = {
  [C in ChannelName]: (input: z.output<Channels[C]['input']>) => Promise<ChannelOutput<C>>;
};

/** How main (and the browser tests' harness) logs a call that failed unexpectedly: its channel and the error, redacted by the log. */
export function logUnexpectedFailure(channel: string, error: unknown): void {
  console.error(`[ipc] ${channel} failed`, error);
}

/**
 * Validates a call against its declared schema before any work, runs it, and wraps the outcome
 * in an envelope. The main process and the browser test harness both route calls through this.
 */
export function createDispatcher(
  handlers: Handlers,
  onUnexpected: (channel: string, error: unknown) => void = () => {},
  /** Main's words in the counter's language, for the refusals made here, before any handler (core words its handlers' own). */
  mainWords: MainWords | null = null,
) {
  const refused = (error: AppError) => ({ ok: false as const, error: (mainWords ? error.localize(mainWords) : error).toShape() });
  return async function dispatch(channel: unknown, input: unknown): Promise<Envelope<unknown>> {
    if (typeof channel !== 'string' || !Object.hasOwn(channels, channel))
      return refused(new AppError('unknown_channel', { message: words.unknownChannel }, { message: words.unknownChannelHint }));
    const name = channel as ChannelName;
    const parsed = channels[name].input.safeParse(input);
    if (!parsed.success) return refused(invalidInput(parsed.error.issues));
    try {
      const handler = handlers[name] as (value: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (!(error instanceof AppError)) onUnexpected(name, error);
      return { ok: false, error: toErrorShape(error, mainWords ?? undefined) };
    }
  };
}

export type Dispatch = ReturnType<typeof createDispatcher>;
