import { describe, expect, test } from 'vitest';
import { DEFAULT_RETRY, parseRetryAfter, retryDelayMs, shouldRetry } from '../../electron/core/api/retry-policy';
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
    ['timeout', false, false],
    ['rate_limit', false, true],
  ] as const)('%s, a read: %s → tried again: %s', (kind, isRead, expected) => {
    expect(shouldRetry(failure(kind), 1, isRead, DEFAULT_RETRY)).toBe(expected);
  });

  test('no more than the allowed tries', () => {
    expect(shouldRetry(failure('server'), DEFAULT_RETRY.maxAttempts, true, DEFAULT_RETRY)).toBe(false);
  });

  test('busy (429) is tried again whatever the count while the waits stay within 30 s; a wait past that goes to the agent', () => {
    expect(shouldRetry(failure('rate_limit', 2_000), 12, true, DEFAULT_RETRY, 24_000)).toBe(true);
    expect(shouldRetry(failure('rate_limit', 2_000), 16, true, DEFAULT_RETRY, 32_000)).toBe(false);
    expect(shouldRetry(failure('rate_limit', 120_000), 1, true, DEFAULT_RETRY, 120_000)).toBe(false);
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
