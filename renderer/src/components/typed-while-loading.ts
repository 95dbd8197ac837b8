/** What the agent typed while a screen's code was loading, for the screen's field once it is drawn. */
let typed = '';

/** Keeps a key pressed on the loading state, if it types a character (shortcuts and moves are not replayed). */
export function keepTyped(event: KeyboardEvent): void {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  typed += event.key;
}

/** Types what was kept into the focused text field, as if typed there; forgets it either way. */
export function replayTyped(): void {
  const text = typed;
  typed = '';
  const field = document.activeElement;
  if (!text || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  // The element's own value setter and an input event: React's change handler sees it as typing.
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setValue?.call(field, field.value.slice(0, start) + text + field.value.slice(end));
  field.setSelectionRange(start + text.length, start + text.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
