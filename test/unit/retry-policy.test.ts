import { describe, expect, test } from 'vitest';
import { DEFAULT_RETRY, busyResendDelayMs, parseRetryAfter, retryDelayMs, shouldRetry } from '../../electron/core/api/retry-policy';
import { ServiceError } from '../../electron/core/api/service-errors';
import type { FailureKind } from '../../electron/core/api/service-errors';

const failure = (kind: FailureKind, retryAfterMs: number | null = null) =>
  new ServiceError({
    kind,
    status: null,
    serviceCode: null,
    body: null,
    message: 'm',
    hint: 'h',
    retryAfterMs,
    mayHaveReachedService: false,
  });

describe('which failures are retried', () => {
  test.each([
    ['connection', true, true],
    ['timeout', true, true],
    ['server', true, true],
    ['rate_limit', true, true],
    ['invalid_request', true, false],
    ['card', true, false],
    ['not_found', true, false],
    ['connection', false, false],
    ['server', false, false],
    ['rate_limit', false, false],
  ] as const)('%s, a read: %s → tried again by the client: %s', (kind, isRead, expected) => {
    expect(shouldRetry(failure(kind), 1, isRead, DEFAULT_RETRY, 1_000)).toBe(expected);
  });

  test('no more than the allowed tries of failures other than busy', () => {
    expect(shouldRetry(failure('server'), DEFAULT_RETRY.maxAttempts, true, DEFAULT_RETRY, 1_000)).toBe(false);
    expect(shouldRetry(failure('rate_limit'), DEFAULT_RETRY.maxAttempts + 8, true, DEFAULT_RETRY, 20_000)).toBe(true);
  });

  test('nothing waits past 30 s from the first send: busy or not, a long Retry-After goes to the agent', () => {
    expect(shouldRetry(failure('rate_limit', 2_000), 0, true, DEFAULT_RETRY, 30_000)).toBe(true);
    expect(shouldRetry(failure('rate_limit', 2_000), 0, true, DEFAULT_RETRY, 30_001)).toBe(false);
    expect(shouldRetry(failure('server', 3_600_000), 1, true, DEFAULT_RETRY, 3_600_000)).toBe(false);
  });

  test('a write turned away as busy goes again after its wait, within 30 s of its first send; no other failure does', () => {
    expect(busyResendDelayMs(failure('rate_limit', 2_000), 1, 27_000, DEFAULT_RETRY)).toBe(2_000);
    expect(busyResendDelayMs(failure('rate_limit', 2_000), 9, 28_500, DEFAULT_RETRY)).toBeNull();
    expect(busyResendDelayMs(failure('server'), 1, 0, DEFAULT_RETRY)).toBeNull();
    expect(busyResendDelayMs(failure('timeout'), 1, 0, DEFAULT_RETRY)).toBeNull();
  });
});

describe('how long to wait', () => {
  test.each([
    [1, 0, 250],
    [1, 1, 500],
    [2, 1, 1000],
    [3, 0, 1000],
    [6, 1, 8000],
    [9, 1, 8000],
  ])('try %i with jitter %f waits %i ms (0.5 s doubling, capped at 8 s, jitter in the upper half)', (attempt, jitter, expected) => {
    expect(retryDelayMs(failure('server'), attempt, DEFAULT_RETRY, () => jitter)).toBe(expected);
  });

  test('Retry-After wins when the service sends it, unless it is zero', () => {
    expect(retryDelayMs(failure('rate_limit', 3000), 1, DEFAULT_RETRY)).toBe(3000);
    expect(retryDelayMs(failure('rate_limit', 0), 3, DEFAULT_RETRY, () => 1)).toBe(2000);
  });

  test.each([
    ['5', 5000],
    ['0', 0],
    ['Wed, 21 Oct 2026 07:28:05 GMT', 5000],
    ['soon', null],
    [null, null],
  ])('Retry-After %s is %s ms', (header, expected) => {
    expect(parseRetryAfter(header, Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(expected);
  });
});
