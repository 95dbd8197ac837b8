import { paymentRequiresActionSchema } from '../../../shared/api';
import type { AppErrorShape } from '../../../shared/errors';
import { AppError } from '../app-error';
import { englishText } from '../i18n/main-words';
import type { MainWords, Text } from '../i18n/main-words';

/** What a 402 asking for 3-D Secure names: the payment intent, and the client secret only the bank's window may see. */
export interface PaymentAction {
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * The body as an error keeps it: without any client secret. Errors are logged, inspected and handed
 * around; a client secret lets whoever holds it complete the payment's 3-D Secure step.
 */
function withoutClientSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => withoutClientSecrets(entry, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/client_?secret/i.test(key))
      .map(([key, entry]) => [key, withoutClientSecrets(entry, depth + 1)]),
  );
}

/**
 * The request fields an error body names, wherever the service puts them (`field`, `path` or
 * `param` of its details): strings that look like a request path only, ten at most.
 */
function namedFields(body: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 4 || found.size >= 10 || value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (['field', 'path', 'param'].includes(key) && typeof inner === 'string' && /^[\w.[\]]{1,80}$/.test(inner)) found.add(inner);
      else walk(inner, depth + 1);
    }
  };
  walk(body, 0);
  return [...found];
}

/** How a failed call failed, which decides whether it may be retried and what the agent is told. */
export type FailureKind =
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'invalid_request'
  | 'card'
  | 'rate_limit'
  | 'server'
  | 'connection'
  | 'timeout'
  | 'bad_response';

/**
 * A failed call to the Package Booking Service: HTTP status, the service's `error` code and its
 * body are kept; the API key never is. `mayHaveReachedService` says whether a write could have
 * taken effect even though no answer came back.
 */
export class ServiceError extends AppError {
  // Private, so no log, inspection or JSON of the error shows it.
  readonly #paymentAction: PaymentAction | null;
  readonly kind: FailureKind;
  readonly status: number | null;
  readonly serviceCode: string | null;
  readonly body: unknown;
  readonly retryAfterMs: number | null;
  readonly mayHaveReachedService: boolean;
  readonly #details: Text[];

  constructor(init: {
    kind: FailureKind;
    status: number | null;
    serviceCode: string | null;
    body: unknown;
    message: Text;
    /** What follows the message, each after a space: the service's code and status, the service's own words. */
    details?: Text[];
    hint: Text;
    retryAfterMs?: number | null;
    mayHaveReachedService: boolean;
    cause?: unknown;
  }) {
    // The service's own code is kept in `serviceCode` and named in the message; the agent-facing code says what kind of refusal it was.
    super(`service_${init.kind}`, init.message, init.hint, { cause: init.cause });
    this.name = 'ServiceError';
    this.#details = init.details ?? [];
    this.message = [this.message, ...this.#details.map(englishText)].join(' ');
    this.kind = init.kind;
    this.status = init.status;
    this.serviceCode = init.serviceCode;
    const action = init.serviceCode === 'payment_requires_action' ? paymentRequiresActionSchema.safeParse(init.body) : null;
    this.#paymentAction = action?.success
      ? { paymentIntentId: action.data.payment_intent_id, clientSecret: action.data.client_secret }
      : null;
    this.body = withoutClientSecrets(init.body);
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.mayHaveReachedService = init.mayHaveReachedService;
  }

  /** The message, its details and the hint in the counter's language now; the service's own words stay as it sent them. */
  override localize(words: MainWords): this {
    super.localize(words);
    this.message = [this.message, ...this.#details.map((detail) => words.text(detail))].join(' ');
    return this;
  }

  /** The 3-D Secure step a 402 `payment_requires_action` asked for, or null. */
  get paymentAction(): PaymentAction | null {
    return this.#paymentAction;
  }

  /** With the fields the service's answer names, so the screen can mark them. */
  override toShape(): AppErrorShape {
    const fields = namedFields(this.body);
    return { ...super.toShape(), ...(fields.length ? { fields } : {}) };
  }

  /** The service's own message, when it sent one. */
  get serviceMessage(): string | null {
    const message = (this.body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : null;
  }
}

/** The kind follows the HTTP status first; the body only refines it. */
export function kindForStatus(status: number): FailureKind {
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 410) return 'gone';
  if (status === 402) return 'card';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'invalid_request';
}
