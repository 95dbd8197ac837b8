import type { ErrorCode } from '../../shared/error-codes';
import type { AppErrorShape } from '../../shared/errors';
import { defineMessages, PRODUCT_NAME } from '../../shared/i18n/messages';
import type { Message } from '../../shared/i18n/messages';
import { englishText } from './i18n/main-words';
import type { MainWords, Text } from './i18n/main-words';

/** An error an agent can act on: a stable code, what happened, and what to do next, in the counter's language. */
export class AppError extends Error {
  readonly code: ErrorCode;
  hint: string;
  private readonly text: { message: Text; hint: Text };

  /** `message` and `hint` are catalog messages (their English is what logs keep until `localize`). */
  constructor(code: ErrorCode, message: Text, hint: Text, options?: { cause?: unknown }) {
    super(englishText(message), options);
    this.name = 'AppError';
    this.code = code;
    this.hint = englishText(hint);
    this.text = { message, hint };
  }

  /** What happened, as the catalog message it was made from (the audit keeps it as words). */
  get messageText(): Text {
    return this.text.message;
  }

  /** Words the message and hint in the counter's language now, just before the refusal is shown. */
  localize(words: Pick<MainWords, 'text'>): this {
    this.message = words.text(this.text.message);
    this.hint = words.text(this.text.hint);
    return this;
  }

  toShape(): AppErrorShape {
    return { code: this.code, message: this.message, hint: this.hint };
  }
}

const words = defineMessages({
  notFound: { id: 'error.booking.notFound.message', defaultMessage: 'There is no booking {bookingId} in this counter’s history.' },
  notFoundHint: { id: 'error.booking.notFound.hint', defaultMessage: 'Search for it in Bookings.' },
  unexpected: { id: 'error.internal.message', defaultMessage: '{product} hit an unexpected problem and did not finish this step.' },
  unexpectedHint: {
    id: 'error.internal.hint',
    defaultMessage: 'Try again. If it happens again, restart {product}; nothing already saved is lost.',
  },
});

/** The booking asked for is not in this counter's ledger. */
export function bookingNotFound(bookingId: number): AppError {
  return new AppError('booking_not_found', { message: words.notFound, values: { bookingId } }, { message: words.notFoundHint });
}

/**
 * Turns anything thrown into the shape the renderer shows, in the counter's language when main's words
 * are given; unexpected errors keep their detail out of the UI.
 */
export function toErrorShape(error: unknown, mainWords?: Pick<MainWords, 'text'>): AppErrorShape {
  if (error instanceof AppError) return (mainWords ? error.localize(mainWords) : error).toShape();
  const product = { product: PRODUCT_NAME };
  const say = (message: Message) => (mainWords ? mainWords.text({ message, values: product }) : englishText({ message, values: product }));
  return { code: 'internal', message: say(words.unexpected), hint: say(words.unexpectedHint) };
}
