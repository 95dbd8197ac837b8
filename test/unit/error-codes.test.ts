import { describe, expect, test } from 'vitest';
import { AppError } from '../../electron/core/app-error';
import { ServiceError } from '../../electron/core/api/service-errors';
import { ERROR_TITLES, errorTitle } from '../../shared/error-codes';

describe('error codes', () => {
  test('a code with no words for the agent does not compile (npm test typechecks this file)', () => {
    // @ts-expect-error: 'made_up_code' has no entry in ERROR_TITLES, so it is not an ErrorCode.
    const error = new AppError('made_up_code', 'What happened.', 'What to do.');
    expect(errorTitle(error.code)).toBeNull();
  });

  test('every refusal of the booking service has words, whatever its own code', () => {
    const kinds = [
      'authentication',
      'permission',
      'not_found',
      'conflict',
      'gone',
      'invalid_request',
      'card',
      'rate_limit',
      'server',
      'connection',
      'timeout',
      'bad_response',
    ] as const;
    for (const kind of kinds) {
      const error = new ServiceError({
        kind,
        status: 422,
        serviceCode: 'some_code_of_theirs',
        body: null,
        message: 'm',
        hint: 'h',
        mayHaveReachedService: false,
      });
      expect(errorTitle(error.code)).toBe(ERROR_TITLES[`service_${kind}`]);
      expect(error.serviceCode).toBe('some_code_of_theirs');
    }
  });
});
