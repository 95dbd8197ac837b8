import { describe, expect, test } from 'vitest';
import { isBelowVersion } from '../../shared/version-order';

describe('whether a counter runs an older Packdesk than the agency asks for', () => {
  test.each([
    ['1.4.2', '1.5.0', true],
    ['1.5.0', '1.5.0', false],
    ['1.10.0', '1.9.3', false],
    ['1.9.3', '1.10.0', true],
    ['2.0.0', '1.99.99', false],
    ['1.5.0-beta.2', '1.5.0', true],
    ['1.5.0', '1.5.0-beta.2', false],
    ['1.5.0-beta.2', '1.5.0-beta.10', true],
    ['1.5.0-rc.1', '1.5.0-beta.3', false],
  ])('%s against a minimum of %s: below is %s', (running, minimum, below) => {
    expect(isBelowVersion(running, minimum)).toBe(below);
  });

  test('a build that is not a release (npm start) is never held back, and a minimum that is not a version holds none back', () => {
    expect(isBelowVersion('dev', '9.0.0')).toBe(false);
    expect(isBelowVersion('1.0.0', 'latest')).toBe(false);
  });
});
