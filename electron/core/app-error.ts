import type { ErrorCode } from '../../shared/error-codes';
import type { AppErrorShape } from '../../shared/errors';

/** An error an agent can act on: a stable code, what happened, and what to do next. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;

  constructor(code: ErrorCode, message: string, hint: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.hint = hint;
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
