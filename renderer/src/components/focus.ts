/** Whether the focus can go back to this control: still on screen and enabled. */
export const canTakeFocus = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element.isConnected && element.getClientRects().length > 0 && !element.matches(':disabled');

/** The focus is nowhere: on the page's body, where the agent's next key goes nowhere. */
export const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

const FIRST_CONTROL =
  '[data-autofocus], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), [tabindex="0"]';

/** The first control on screen in this part of the page. */
export const firstControlIn = (part: Element) => [...part.querySelectorAll<HTMLElement>(FIRST_CONTROL)].find(canTakeFocus);
