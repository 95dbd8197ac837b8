/**
 * One pass at a time: a wake during a pass asks for one more pass after it, never a second one beside
 * it, so a burst of wakes costs at most two passes. Stopped, it starts nothing and waits for the pass
 * under way.
 */
export function passRunner(
  pass: () => Promise<void>,
  onError: (error: unknown) => void = (error) => console.error('[agency] a pass failed', error),
) {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const wake = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    // A pass that throws (its databases closed under it at a quit) is said, never left unhandled.
    running = pass()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  return {
    wake,
    stopped: (): boolean => stopped,
    stop: async (): Promise<void> => {
      stopped = true;
      await running;
    },
  };
}
