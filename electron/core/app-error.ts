import type { ErrorCode } from '../../shared/error-codes';
import type { AppErrorShape } from '../../shared/errors';
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

  /** Words the message and hint in the counter's language now, just before the refusal is shown. */
  localize(words: MainWords): this {
    this.message = words.text(this.text.message);
    this.hint = words.text(this.text.hint);
    return this;
  }

  toShape(): AppErrorShape {
    return { code: this.code, message: this.message, hint: this.hint };
  }
}

/** The booking asked for is not in this counter's ledger. */
export function bookingNotFound(bookingId: number): AppError {
  return new AppError('booking_not_found', `There is no booking ${bookingId} in this counter’s history.`, 'Search for it in Bookings.');
}

/** Turns anything thrown into the shape the renderer shows; unexpected errors keep their detail out of the UI. */
export function toErrorShape(error: unknown): AppErrorShape {
  if (error instanceof AppError) return error.toShape();
  return {
    code: 'internal',
    message: 'Packdesk hit an unexpected problem and did not finish this step.',
    hint: 'Try again. If it happens again, restart Packdesk; nothing already saved is lost.',
  };
}
