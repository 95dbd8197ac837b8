import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __focusLost?: string[];
    __focusTrail?: string[];
  }
}

/**
 * Watches the focus for the whole test: whenever it sits on the page's body for longer than a moment
 * (the control was removed or hidden and nothing took the focus), where is recorded: the agent's next
 * key would go nowhere. A control that is busy (disabled while its call runs) keeps its claim; a click
 * on an empty part of the page is the agent's own choice.
 */
export async function watchFocus(page: Page, graceMs = 400, busyGraceMs = 2_000): Promise<() => Promise<string[]>> {
  await page.addInitScript(
    ([grace, busyGrace]: [number, number]) => {
      window.__focusLost = [];
      let last = null as HTMLElement | null;
      let since: number | null = null;
      let busySince: number | null = null;
      let clickedAway = false;
      const describe = (element: Element | null) =>
        element
          ? `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ?? element.textContent).trim().slice(0, 40)}"`
          : 'nothing';
      const where = () => {
        const dialog = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).find(
          (element) => element.getClientRects().length > 0,
        );
        return `${dialog ? 'dialog ' : ''}${describe((dialog ?? document).querySelector('h2, h3'))}`;
      };
      // The last moves of the focus and the keys pressed, for a failed test to say what happened.
      window.__focusTrail = [];
      const trail = (line: string) => {
        const kept = window.__focusTrail ?? [];
        kept.push(`${Math.round(performance.now())} ms ${line}`);
        if (kept.length > 40) kept.shift();
      };
      document.addEventListener(
        'focusin',
        (event) => {
          if (event.target instanceof HTMLElement) last = event.target;
          clickedAway = false;
          trail(`focus ${describe(last)}`);
        },
        true,
      );
      document.addEventListener(
        'focusout',
        (event) => event.relatedTarget === null && trail(`blur ${describe(event.target as Element)}`),
        true,
      );
      document.addEventListener('keydown', (event) => trail(`key ${event.key} on ${describe(document.activeElement)}`), true);
      document.addEventListener('click', (event) => trail(`click ${describe(event.target as Element)}`), true);
      document.addEventListener(
        'pointerdown',
        (event) => {
          const target = event.target instanceof Element ? event.target : null;
          clickedAway = !target?.closest('button, input, select, textarea, a[href], [tabindex], label, [role="option"]');
        },
        true,
      );
      window.setInterval(() => {
        const onBody = document.activeElement === null || document.activeElement === document.body;
        // A control disabled while its call runs keeps its claim for a short while, no longer.
        busySince =
          last !== null && last.isConnected && last.getClientRects().length > 0 && last.matches(':disabled')
            ? (busySince ?? Date.now())
            : null;
        const busy = busySince !== null && Date.now() - busySince < busyGrace;
        // Starting, or a start-up error: no screen yet, nothing to be on.
        const noScreen = document.querySelector('main') === null;
        // A page in the background (the bank's window in front) keeps its focus for when it comes back.
        if (!onBody || busy || noScreen || clickedAway || !document.hasFocus()) {
          since = null;
          return;
        }
        since ??= Date.now();
        if (Date.now() - since >= grace) {
          window.__focusLost?.push(`after ${describe(last)} on ${where()}`);
          since = Number.POSITIVE_INFINITY;
        }
      }, 100);
    },
    [graceMs, busyGraceMs] as [number, number],
  );
  return () => page.evaluate(() => window.__focusLost ?? []).catch(() => []);
}

/** The last focus moves, keys and clicks on the page, oldest first. */
export const focusTrail = (page: Page) => page.evaluate(() => window.__focusTrail ?? []).catch(() => ['(the page did not answer)']);
