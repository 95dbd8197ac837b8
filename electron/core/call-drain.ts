import { defineMessages } from '../../shared/i18n/messages';
import { AppError } from './app-error';
import type { Handlers } from './dispatch';

const words = defineMessages({
  closing: { id: 'error.app.shuttingDown.message', defaultMessage: 'Packdesk is closing, so this was not done.' },
  closingHint: { id: 'error.app.shuttingDown.hint', defaultMessage: 'Open Packdesk again and do it there.' },
});

/** Told of each call as it starts (an update waits for calls); what it returns is called when that call has ended. */
export type CallWatch = (channel: string) => (() => void) | null;

/**
 * The calls under way, so a quit waits for them (a payment half-recorded is settled at the next
 * start, but better not): once closed, no new call is taken, and `drain` waits for those running.
 */
export function createCallDrain(watch: CallWatch = () => null) {
  const running = new Set<Promise<unknown>>();
  let accepting = true;

  /** Counts `work` among the calls a quit waits for. */
  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => {});
    return work;
  }

  return {
    track,
    /** Read through a function: a quit can begin while a start awaits. */
    closing: () => !accepting,

    /** Every handler, refused once closing and otherwise counted while it runs. */
    guard(handlers: Handlers): Handlers {
      return Object.fromEntries(
        Object.entries(handlers).map(([channel, handler]) => [
          channel,
          (input: never) => {
            if (!accepting) throw new AppError('shutting_down', { message: words.closing }, { message: words.closingHint });
            const ended = watch(channel);
            const work = track((async () => (handler as (value: never) => Promise<unknown>)(input))());
            if (ended) void work.finally(ended).catch(() => {});
            return work;
          },
        ]),
      ) as Handlers;
    },

    /** Takes no new call, then waits for those running and for `alsoIdle`, for at most `graceMs`. */
    async drain(graceMs: number, alsoIdle: Promise<unknown>): Promise<void> {
      accepting = false;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([...running, alsoIdle]), grace]);
      clearTimeout(timer);
    },
  };
}
