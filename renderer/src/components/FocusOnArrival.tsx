import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { replayTyped } from './typed-while-loading';

const FIRST_CONTROL =
  '[data-autofocus], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), [tabindex="0"]';

/**
 * A screen that arrives after its loading state: when the loading state held the focus and the screen
 * took none itself, the focus goes to its first control instead of staying on the page's body; what
 * the agent typed while it loaded goes into the field that has the focus.
 */
export function FocusOnArrival({ children }: { children: ReactNode }) {
  const screen = useRef<HTMLDivElement>(null);
  // Runs after the screen's own effects (children first), so a screen that focuses something keeps it.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body)
      screen.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    replayTyped();
  }, []);
  return <div ref={screen}>{children}</div>;
}
