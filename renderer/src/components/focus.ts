/** Whether the focus can go back to this control: still on screen and enabled. */
export const canTakeFocus = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element.isConnected && element.getClientRects().length > 0 && !element.matches(':disabled');

/** The focus is nowhere: on the page's body, where the agent's next key goes nowhere. */
export const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;
