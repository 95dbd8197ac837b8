/** An error answer of the built-in service: HTTP status, `error` code, a message, and optional details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found.`);
