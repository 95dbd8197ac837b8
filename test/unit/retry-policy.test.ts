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
  ] as const)('%s on a %s read → %s', (kind, isRead, expected) => {
    expect(shouldRetry(failure(kind), 1, isRead, DEFAULT_RETRY)).toBe(expected);
  });

  test('no more than the allowed tries', () => {
    expect(shouldRetry(failure('server'), DEFAULT_RETRY.maxAttempts, true, DEFAULT_RETRY)).toBe(false);
  });

  test('a Retry-After over a minute goes to the agent instead of being waited for', () => {
    expect(shouldRetry(failure('rate_limit', 120_000), 1, true, DEFAULT_RETRY)).toBe(false);
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

  test('Retry-After wins when the service sends it', () => {
    expect(retryDelayMs(failure('rate_limit', 3000), 1, DEFAULT_RETRY)).toBe(3000);
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
