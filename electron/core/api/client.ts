import type { z } from 'zod';
import {
  API_PREFIX,
  bookResponseSchema,
  bookingResponseSchema,
  cancelResponseSchema,
  modificationResultSchema,
  prebookResponseSchema,
  prebookTokenResponseSchema,
  previewResponseSchema,
  pricingResponseSchema,
  searchResponseSchema,
} from '../../../shared/api';
import type { AvailabilityRequest, BookRequest, Changes, PrebookRequest } from '../../../shared/api';
import { containsCardNumber } from '../../../shared/card-number-screening';
import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';
import { authorizationFor } from './key-origin';
import type { OriginBoundKey } from './key-origin';
import { wordsFor } from './messages';
import { DEFAULT_RETRY, parseRetryAfter, retryDelayMs, sendWithinPatience, shouldRetry } from './retry-policy';
import type { RetryPolicy } from './retry-policy';
import { kindForStatus, ServiceError } from './service-errors';
import type { FailureKind } from './service-errors';

type KeyKind = 'test' | 'live';

export interface ApiClientOptions {
  baseUrl: string;
  /** Reads a key when a call needs it (from the keychain, or the built-in service), with the origin it was saved for. */
  key: (kind: KeyKind) => Promise<OriginBoundKey | null>;
  timeoutMs?: number;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  /** One line per call, for the log: method, path, status, duration. Never a key or a body. */
  onCall?: (line: ServiceCall) => void;
}

/** A call as the log sees it: no key, no body, and its path as sent (the caller cuts the query). */
export interface ServiceCall {
  method: string;
  path: string;
  isRead: boolean;
  /** null when no answer came (refused, reset, timed out). */
  status: number | null;
  /** The service's own `error` code, when it refused. */
  serviceCode: string | null;
  ms: number;
  attempt: number;
}

/**
 * The log's line for a call: every write, and every call that failed; a read that went well says
 * nothing. The path loses its query (a search's words are the agent's), and no key or body is named.
 */
export function logServiceCall(call: ServiceCall): void {
  const failed = call.status === null || call.status >= 400;
  if (call.isRead && !failed) return;
  const answer = call.status === null ? 'no answer' : `${call.status}${call.serviceCode ? ` ${call.serviceCode}` : ''}`;
  const line = `[service] ${call.method} ${call.path.split('?')[0] ?? ''} → ${answer} in ${Math.round(call.ms)} ms${call.attempt > 1 ? ` (try ${call.attempt})` : ''}`;
  if (failed) console.warn(line);
  else console.info(line);
}

interface Call<S extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** 'test' means a test key if the profile has one, else its live key. */
  key: KeyKind;
  isRead: boolean;
  schema: S;
}

/** The service's answer to a book call: paid, or asks for 3-D Secure; both are normal answers, not errors. */
export type BookAnswer =
  | { kind: 'booked'; bookingId: number; status: string; bookingReference: string }
  | { kind: 'requires_action'; paymentIntentId: string; clientSecret: string };

const words = defineMessages({
  liveKeyMissing: { id: 'error.client.liveKeyMissing.message', defaultMessage: 'This profile has no live key, which this step needs.' },
  keyMissing: { id: 'error.client.keyMissing.message', defaultMessage: 'This profile has no key for the booking service.' },
  keyMissingHint: { id: 'error.client.keyMissing.hint', defaultMessage: 'Add the key to the profile in Settings, then try again.' },
  cardNumberInText: {
    id: 'error.client.cardNumberInText.message',
    defaultMessage: 'The search words look like they hold a card number, so nothing was searched: Packdesk never sends a card number.',
  },
  cardNumberInTextHint: {
    id: 'error.client.cardNumberInText.hint',
    defaultMessage: 'Clear the search box and type a place or a theme; take the card only in the payment step.',
  },
  shapeProblem: { id: 'error.client.badShape.detail', defaultMessage: '({where}: {problem})' },
  unknownShape: { id: 'error.client.unknownShape.detail', defaultMessage: '(unknown shape)' },
});

const NETWORK_NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function networkError(error: unknown, timedOut: boolean): ServiceError {
  const failure = typeof error === 'object' && error !== null ? (error as { cause?: { code?: string }; code?: string }) : {};
  const code = failure.cause?.code ?? failure.code ?? '';
  const kind: FailureKind = timedOut ? 'timeout' : 'connection';
  return new ServiceError({
    kind,
    status: null,
    serviceCode: null,
    body: null,
    ...wordsFor(kind, null, null),
    // A refused connection never reached the service; a reset or a timeout may have, after it acted.
    mayHaveReachedService: !NETWORK_NOT_SENT.has(code),
    cause: error,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 500);
  }
}

const called = (call: Call<z.ZodType>, attempt: number, started: number) => ({
  method: call.method,
  path: call.path,
  isRead: call.isRead,
  ms: performance.now() - started,
  attempt,
});

/** The client of the Package Booking Service: one method per endpoint of the spec. */
export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const policy = options.retry ?? DEFAULT_RETRY;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function keyFor(kind: KeyKind): Promise<OriginBoundKey> {
    const key = kind === 'test' ? ((await options.key('test')) ?? (await options.key('live'))) : await options.key('live');
    if (!key) {
      throw new AppError(
        kind === 'live' ? 'live_key_missing' : 'key_missing',
        { message: kind === 'live' ? words.liveKeyMissing : words.keyMissing },
        { message: words.keyMissingHint },
      );
    }
    return key;
  }

  async function once<S extends z.ZodType>(call: Call<S>, attempt: number): Promise<z.output<S>> {
    const url = `${options.baseUrl}${API_PREFIX}${call.path}`;
    const authorization = authorizationFor(await keyFor(call.key), url);
    const started = performance.now();
    let response: Response;
    // A deadline cleared once the answer is read: AbortSignal.timeout's timer woke the idle app again after every call.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
    timer.unref();
    const signal = deadline.signal;
    try {
      response = await fetch(url, {
        method: call.method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        signal,
      });
    } catch (error) {
      clearTimeout(timer);
      options.onCall?.({ ...called(call, attempt, started), status: null, serviceCode: null });
      throw networkError(error, signal.aborted);
    }
    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      throw networkError(error, signal.aborted);
    } finally {
      clearTimeout(timer);
    }
    const code = !response.ok && typeof (body as { error?: unknown } | null)?.error === 'string' ? (body as { error: string }).error : null;
    options.onCall?.({ ...called(call, attempt, started), status: response.status, serviceCode: code });
    if (!response.ok) {
      const kind = kindForStatus(response.status);
      throw new ServiceError({
        kind,
        status: response.status,
        serviceCode: code,
        body,
        ...wordsFor(
          kind,
          code,
          response.status,
          typeof (body as { message?: unknown } | null)?.message === 'string' ? (body as { message: string }).message : null,
        ),
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
        // A 5xx may come after the service acted; a 4xx is a refusal before any change.
        mayHaveReachedService: response.status >= 500,
      });
    }
    const parsed = call.schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ServiceError({
        kind: 'bad_response',
        status: response.status,
        serviceCode: null,
        body,
        ...wordsFor('bad_response', null, null),
        details: [
          issue
            ? { message: words.shapeProblem, values: { where: issue.path.join('.') || 'body', problem: issue.message } }
            : { message: words.unknownShape },
        ],
        mayHaveReachedService: true,
      });
    }
    return parsed.data;
  }

  function send<S extends z.ZodType>(call: Call<S>): Promise<z.output<S>> {
    let failures = 0;
    return sendWithinPatience(
      (attempt) => once(call, attempt),
      async (error, attempt, spentMs) => {
        if (!(error instanceof ServiceError)) return null;
        if (error.kind !== 'rate_limit') failures += 1;
        const delayMs = retryDelayMs(error, attempt, policy);
        if (!shouldRetry(error, failures, call.isRead, policy, spentMs + delayMs)) return null;
        // The wait counts as asked, whatever the sleep (tests pass one that returns at once).
        await sleep(delayMs);
        return delayMs;
      },
    );
  }

  return {
    async search(title: string) {
      // The words go out in the address, where logs and proxies keep them: never a card number.
      if (containsCardNumber(title)) {
        throw new AppError('card_number_in_text', { message: words.cardNumberInText }, { message: words.cardNumberInTextHint });
      }
      return send({
        method: 'GET',
        path: `/packages?title=${encodeURIComponent(title)}`,
        key: 'test',
        isRead: true,
        schema: searchResponseSchema,
      });
    },

    price: (packageId: number, request: Omit<AvailabilityRequest, 'mode' | 'items'>) =>
      send({
        method: 'POST',
        path: `/packages/${packageId}/availability`,
        body: request,
        key: 'test',
        isRead: true,
        schema: pricingResponseSchema,
      }),

    /** Mints a prebook token; it makes no booking, so it is retried like a read. */
    mintPrebookToken: (packageId: number, request: AvailabilityRequest) =>
      send({
        method: 'POST',
        path: `/packages/${packageId}/availability`,
        body: { ...request, mode: 'prebook' },
        key: 'live',
        isRead: true,
        schema: prebookTokenResponseSchema,
      }),

    prebook: (request: PrebookRequest) =>
      send({ method: 'POST', path: '/bookings/prebook', body: request, key: 'live', isRead: false, schema: prebookResponseSchema }),

    async book(bookingId: number, request: BookRequest): Promise<BookAnswer> {
      try {
        const answer = await send({
          method: 'POST',
          path: `/bookings/${bookingId}/book`,
          body: request,
          key: 'live',
          isRead: false,
          schema: bookResponseSchema,
        });
        return { kind: 'booked', bookingId: answer.id, status: answer.status, bookingReference: answer.booking_reference };
      } catch (error) {
        const action = error instanceof ServiceError ? error.paymentAction : null;
        if (action) return { kind: 'requires_action', ...action };
        throw error;
      }
    },

    getBooking: (bookingId: number) =>
      send({ method: 'GET', path: `/bookings/${bookingId}`, key: 'live', isRead: true, schema: bookingResponseSchema }),

    cancel: (bookingId: number, reason: string) =>
      send({
        method: 'POST',
        path: `/bookings/${bookingId}/cancel`,
        body: { cancellation_reason: reason },
        key: 'live',
        isRead: false,
        schema: cancelResponseSchema,
      }),

    previewModification: (bookingId: number, changes: Changes) =>
      send({
        method: 'POST',
        path: `/bookings/${bookingId}/modification/preview`,
        body: { changes },
        key: 'test',
        isRead: true,
        schema: previewResponseSchema,
      }),

    confirmModification: (bookingId: number, changes: Changes) =>
      send({
        method: 'POST',
        path: `/bookings/${bookingId}/modification`,
        body: { changes },
        key: 'live',
        isRead: false,
        schema: modificationResultSchema,
      }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
