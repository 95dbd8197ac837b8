import { getHotkeyHandler, useHotkeys } from '@mantine/hooks';
import type { HotkeyItem } from '@mantine/hooks';
import type { IntlShape } from 'react-intl';
import type { Message } from '../../../shared/i18n/messages';
import { SHORTCUTS } from '../../../shared/shortcuts';
import type { ShortcutId } from '../../../shared/shortcuts';
import { useAppStore } from '../stores/app-store';
import { useNewBooking } from '../stores/new-booking-store';
import { usePeople } from '../stores/people-store';
import { KEY_WORDS } from './key-words';

/** A shortcut from the one table and what it does here; `preventDefault: false` leaves that to the handler (it may pass the key on). */
type Binding = [id: ShortcutId, handler: (event: KeyboardEvent) => void, options?: { preventDefault: boolean }];

/** The keys whose name a keyboard prints in its own language ("Strg" on a German one); the arrows are symbols, letters themselves. */
const KEY_NAMES: Record<string, Message | string> = {
  mod: KEY_WORDS.ctrl,
  shift: KEY_WORDS.shift,
  Escape: KEY_WORDS.escape,
  Enter: KEY_WORDS.enter,
  ArrowDown: '↓',
  ArrowUp: '↑',
};

/** Keys as aria-keyshortcuts names them: the KeyboardEvent.key values, in no person's language. */
const ARIA_KEY_NAMES: Record<string, string> = { mod: 'Control' };

/**
 * How a key is written: with the screen's `intl`, as the agent's keyboard prints it ("Strg", "Esc", "↓", "C");
 * without, as aria-keyshortcuts names it ("Control", "Escape", "ArrowDown", "C").
 */
export function keyName(key: string, intl?: IntlShape): string {
  if (!intl) return ARIA_KEY_NAMES[key] ?? (key.length === 1 ? key : key.charAt(0).toUpperCase() + key.slice(1));
  const name = KEY_NAMES[key] ?? key;
  return typeof name === 'string' ? name : intl.formatMessage(name);
}

/**
 * The shortcut's one combination as the page shows it ("C"), for a button's key hint and aria-keyshortcuts;
 * with the screen's `intl`, its key names in the agent's language (for words people read).
 */
export const shortcutKey = (id: ShortcutId, intl?: IntlShape) => SHORTCUTS[id].keys[0].map((key) => keyName(key, intl)).join('+');

/** Mantine's hotkeys for a shortcut; a typed character such as "?" matches with or without Shift, as keyboards differ. */
function hotkeysOf([id, handler, options]: Binding): HotkeyItem[] {
  return SHORTCUTS[id].keys.flatMap((combination) => {
    const hotkey = combination.join('+');
    const typedCharacter = combination.length === 1 && /^[^\w\s]$/.test(hotkey);
    return (typedCharacter ? [hotkey, `shift+${hotkey}`] : [hotkey]).map((keys): HotkeyItem => [keys, handler, options]);
  });
}

/** Page keys from the table while mounted; away from text fields unless `inTextFields` (the Ctrl shortcuts work everywhere). */
export function useShortcutKeys(bindings: Binding[], { inTextFields = false } = {}): void {
  useHotkeys(bindings.flatMap(hotkeysOf), inTextFields ? [] : undefined, inTextFields);
}

/** A React onKeyDown for keys from the table that belong to one field or form (Ctrl+Enter in the reason, Escape in a form). */
export const shortcutKeyHandler = (bindings: Binding[]) => getHotkeyHandler(bindings.flatMap(hotkeysOf));

const training = () => {
  const { profiles, activeProfileId } = useAppStore.getState();
  return profiles.find((profile) => profile.id === activeProfileId)?.kind === 'training';
};

/**
 * Always a new booking, from any screen: a finished one is in Bookings; one in progress is asked about
 * first ("Keep this one" brings it back). The menu's New Booking does the same, whichever gets the key.
 */
export function startNewBooking(): void {
  useAppStore.getState().show('new-booking');
  useNewBooking.getState().startNew();
}

/**
 * Find a booking: the search box of the list in front, or the list (its search box takes the focus as it opens),
 * from any screen and from a booking open in Bookings.
 */
function findBooking(): void {
  const { screen, show, openBooking } = useAppStore.getState();
  const search = screen === 'bookings' ? document.querySelector<HTMLInputElement>('[data-shortcut-target="find"]') : null;
  if (search) {
    search.focus();
    search.select();
    return;
  }
  show('bookings');
  openBooking(null);
}

/** Whether an agent is signed in and working, so that there is a screen to lock. */
const someoneWorking = () => {
  const { session } = usePeople.getState();
  return session !== null && session.agent !== null && !session.locked;
};

/**
 * Ctrl/Cmd+N, +B, +F (find a booking) and +, switch screens (in the app the menu sends the same); +Y Today; +T the
 * trainer, in training only; +L locks the screen and +Shift+L hands the counter to the next agent.
 */
export function useShortcuts(): void {
  const show = useAppStore((state) => state.show);
  useShortcutKeys(
    [
      ['new-booking', startNewBooking],
      ['bookings', () => show('bookings')],
      ['today', () => show('today')],
      ['find', findBooking],
      ['settings', () => show('settings')],
      [
        'trainer',
        (event) => {
          // Outside training the key is not the counter's: it goes on as if unbound.
          if (!training()) return;
          event.preventDefault();
          show('trainer');
        },
        { preventDefault: false },
      ],
      [
        'lock-screen',
        () =>
          someoneWorking() &&
          void usePeople
            .getState()
            .lock()
            .catch(() => undefined),
      ],
      [
        'change-agent',
        () =>
          someoneWorking() &&
          void usePeople
            .getState()
            .changeAgent()
            .catch(() => undefined),
      ],
    ],
    { inTextFields: true },
  );
}
