const OPEN_LAYER = '[role="dialog"], [role="listbox"]';

/**
 * Whether an Escape belongs to something in front of the screen (a dialog, a calendar, an open list):
 * that closes, and the screen behind does not also step back. A dialog that closes by unmounting is
 * gone before the key reaches the window, so the key's own target says where it was pressed.
 */
export function escapeTaken(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true;
  if (event.target instanceof Element && event.target.closest(OPEN_LAYER)) return true;
  // One only mounted (the header's profile picker keeps its list in the page) does not count.
  if ([...document.querySelectorAll(OPEN_LAYER)].some((element) => element.getClientRects().length > 0)) return true;
  return document.activeElement?.getAttribute('aria-expanded') === 'true';
}
