import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { firstControlIn, focusIsLost } from './focus';
import { replayTyped } from './typed-while-loading';

/**
 * When the control that had the focus is taken off the screen (a form closed by its Cancel, a button
 * that is gone once it did its work) and the screen put the focus nowhere itself, the focus goes to
 * the first control of the nearest part of the screen still there, instead of the page's body where
 * the agent's next key goes nowhere. Asked a moment later, so a screen's own choice comes first.
 */
function useFocusKeeper(screen: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = screen.current;
    if (!root) return;
    let last: HTMLElement | null = null;
    let around: Element[] = [];
    let pending = 0;
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      last = event.target;
      around = [];
      for (let part = last.parentElement; part && part !== root; part = part.parentElement) around.push(part);
    };
    const keep = () => {
      pending = 0;
      if (!last || last.isConnected || !focusIsLost()) return;
      const part = around.find((element) => element.isConnected) ?? root;
      (firstControlIn(part) ?? firstControlIn(root))?.focus();
    };
    const observer = new MutationObserver(() => {
      if (last && !last.isConnected && !pending) pending = window.setTimeout(keep, 60);
    });
    root.addEventListener('focusin', onFocus);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener('focusin', onFocus);
      observer.disconnect();
      window.clearTimeout(pending);
    };
  }, [screen]);
}

/**
 * A screen that arrives after its loading state: when the loading state held the focus and the screen
 * took none itself, the focus goes to its first control instead of staying on the page's body; what
 * the agent typed while it loaded goes into the field that has the focus. While it is shown, a
 * control taken away with the focus on it leaves the focus nearby (useFocusKeeper).
 */
export function FocusOnArrival({ children }: { children: ReactNode }) {
  const screen = useRef<HTMLDivElement>(null);
  // Runs after the screen's own effects (children first), so a screen that focuses something keeps it.
  useEffect(() => {
    if (focusIsLost() && screen.current) firstControlIn(screen.current)?.focus();
    replayTyped();
  }, []);
  useFocusKeeper(screen);
  return <div ref={screen}>{children}</div>;
}
