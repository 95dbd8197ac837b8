import { describe, expect, test } from 'vitest';
import { authorizationFor, isSavedFor } from '../../electron/core/api/key-origin';

const SAVED = { secret: 'sk_live_abcdefgh1234', origin: 'https://api.partner.example' };

describe('which requests a key may go with', () => {
  test.each([
    'https://api.partner.example/api/partner/v1/packages?title=',
    'https://API.Partner.example/v2/api/partner/v1/bookings/7',
    'https://api.partner.example:443/api/partner/v1/bookings/7',
  ])('%s: the origin it was saved for', (url) => {
    expect(isSavedFor(SAVED, url)).toBe(true);
    expect(authorizationFor(SAVED, url)).toBe('Bearer sk_live_abcdefgh1234');
  });

  test.each([
    'https://api.partner.example.evil.example/api/partner/v1/packages',
    'https://api.partner.example@evil.example/api/partner/v1/packages',
    'https://evil.example/api.partner.example/api/partner/v1/packages',
    'http://api.partner.example/api/partner/v1/packages',
    'https://api.partner.example:8443/api/partner/v1/packages',
    'https://partner.example/api/partner/v1/packages',
    'https://api.partner.example./api/partner/v1/packages',
    'http://127.0.0.1:4010/api/partner/v1/packages',
  ])('never %s', (url) => {
    expect(isSavedFor(SAVED, url)).toBe(false);
    expect(() => authorizationFor(SAVED, url)).toThrow(/was saved for (https:\/\/)?api\.partner\.example, not for .+, so it was not sent/);
  });

  test('a key with no recorded origin goes nowhere', () => {
    expect(isSavedFor({ ...SAVED, origin: null }, 'https://api.partner.example/x')).toBe(false);
    expect(() => authorizationFor({ ...SAVED, origin: null }, 'https://api.partner.example/x')).toThrow(
      'This profile’s key was not saved for api.partner.example, so it was not sent and nothing was done.',
    );
  });

  test('when only the scheme differs, the words name whole origins', () => {
    expect(() => authorizationFor({ ...SAVED, origin: 'https://127.0.0.1:4010' }, 'http://127.0.0.1:4010/x')).toThrow(
      'saved for https://127.0.0.1:4010, not for http://127.0.0.1:4010,',
    );
  });
});
