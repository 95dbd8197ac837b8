import { useEffect } from 'react';

const TABBABLE =
  'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

const shown = (element: Element) => element.getClientRects().length > 0;
const usable = (element: Element | null | undefined): element is HTMLElement =>
  element instanceof HTMLElement && element.isConnected && shown(element) && !element.matches(':disabled');
/** Removed or hidden: it will not come back as it was. */
const gone = (element: Element | null) => element === null || !element.isConnected || !shown(element);

/**
 * Where the agent's next key most likely goes once the control they were on is gone: inside an open
 * dialog if there is one; else a control the screen marked (`data-focus-next`), a field it flags,
 * the form's enabled submit button, or the first control of the screen.
 */
function nextFocus(): HTMLElement | null {
  const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(shown);
  const scope = dialogs.at(-1) ?? document.querySelector('main') ?? document.body;
  const candidates = [
    ...scope.querySelectorAll('[data-focus-next], [data-autofocus]'),
    ...scope.querySelectorAll('[aria-invalid="true"]'),
    ...[...scope.querySelectorAll('form')].filter(shown).map((form) => form.querySelector('button[type="submit"]')),
    ...scope.querySelectorAll(TABBABLE),
  ];
  return candidates.find(usable) ?? null;
}

/** How long a busy (disabled) control is waited for before the focus moves on without it. */
const BUSY_WAIT_MS = 1_500;

/**
 * Focus is a contract: when the focused control is removed, hidden or disabled (a step moved on, a
 * button is busy) and nothing took the focus, the focus goes back to that control once it is usable
 * again, or to the control the agent most likely wants next; never left on the page's body where
 * keys go nowhere. A click on an empty part of the page is the agent's choice and is left alone.
 */
export function useFocusGuard(): void {
  useEffect(() => {
    let last = null as HTMLElement | null;
    let lostSince: number | null = null;
    let clickedAway = false;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) last = event.target;
      clickedAway = false;
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      clickedAway = !target?.closest(`${TABBABLE}, [tabindex], label, [role="option"]`);
    };
    // Polled rather than driven by blur: Chromium moves the focus off a removed or disabled control silently.
    const timer = window.setInterval(() => {
      const onBody = document.activeElement === null || document.activeElement === document.body;
      if (!onBody || clickedAway || !document.hasFocus()) {
        lostSince = null;
        return;
      }
      lostSince ??= Date.now();
      if (gone(last) || Date.now() - lostSince > BUSY_WAIT_MS) nextFocus()?.focus();
      else if (usable(last)) last.focus();
    }, 100);
    document.addEventListener('focusin', onFocusIn, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, []);
}
