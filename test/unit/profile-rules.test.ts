import { createIntl } from '@formatjs/intl';
import { describe, expect, test } from 'vitest';
import { baseUrlProblem, expectedKeyPrefix, isAnotherOrigin, keyProblem, normalizeBaseUrl } from '../../shared/profiles';

// The problems are messages, worded where they are shown: here in English, as the page and main word them.
const english = createIntl({ locale: 'en', defaultLocale: 'en' });
const keyWords = (...args: Parameters<typeof keyProblem>): string | null => {
  const problem = keyProblem(...args);
  return problem && english.formatMessage(problem.message, problem.values);
};
const baseUrlWords = (raw: string): string | null => {
  const problem = baseUrlProblem(raw);
  return problem && english.formatMessage(problem);
};

describe('which key fits which slot', () => {
  test.each([
    ['test', 'test', 'sk_test_'],
    ['test', 'live', 'sk_live_'],
    ['test', 'publishable', 'pk_test_'],
    ['live', 'publishable', 'pk_live_'],
    ['live', 'test', 'sk_test_'],
  ] as const)('a %s profile’s %s key starts with %s', (kind, slot, prefix) => {
    expect(expectedKeyPrefix(kind, slot)).toBe(prefix);
    expect(keyWords(kind, slot, `${prefix}abcdEFGH1234`)).toBeNull();
  });

  test('a live key pasted into the test slot names both prefixes', () => {
    expect(keyWords('test', 'test', 'sk_live_abcdEFGH1234')).toBe(
      'The service test key of a test-mode profile must start with sk_test_, but this is a key starting with sk_live_.',
    );
  });

  test('a live profile refuses a Stripe test publishable key', () => {
    expect(keyWords('live', 'publishable', 'pk_test_abcdEFGH1234')).toContain('must start with pk_live_');
  });

  test('text that is no key at all is named as such', () => {
    expect(keyWords('test', 'live', 'hello world')).toContain('something that is not a key of this kind');
  });

  test.each(['sk_test_short', 'sk_test_has space inside', 'sk_test_'])('a malformed body is refused: %s', (key) => {
    expect(keyWords('test', 'test', key)).toBe('After sk_test_ a key has at least 8 letters, digits, _ or -, and no spaces.');
  });
});

describe('service addresses', () => {
  test.each(['https://api.example.com', 'https://api.example.com/', 'http://127.0.0.1:4010', 'http://localhost:8080'])(
    'accepts %s',
    (url) => {
      expect(baseUrlWords(url)).toBeNull();
    },
  );

  test.each([
    ['http://api.example.com', 'must start with https://'],
    ['ftp://api.example.com', 'must start with https://'],
    ['javascript:alert(1)', 'must start with https://'],
    ['file:///etc/passwd', 'must start with https://'],
    ['https://user:secret@api.example.com', 'user name or password'],
    ['https://api.example.com/?x=1', '? or #'],
    ['api.example.com', 'not a web address'],
  ])('refuses %s', (url, reason) => {
    expect(baseUrlWords(url)).toContain(reason);
  });

  test('trailing slashes are dropped so paths can be appended', () => {
    expect(normalizeBaseUrl(' https://api.example.com/// ')).toBe('https://api.example.com');
  });
});

describe('whether an address typed in Settings is at another origin than the saved one (the form warns)', () => {
  const SAVED = 'https://api.partner.example/v1';
  test.each([
    'https://api.partner.example',
    'https://api.partner.example/v2/',
    ' https://API.partner.example:443/v1 ',
    'https://',
    'not an address',
  ])('%s: no', (typed) => {
    expect(isAnotherOrigin(SAVED, typed)).toBe(false);
  });
  test.each([
    'https://api.partner.example.evil.example',
    'http://api.partner.example',
    'https://api.partner.example:8443',
    'https://partner.example',
  ])('%s: yes', (typed) => {
    expect(isAnotherOrigin(SAVED, typed)).toBe(true);
  });
});
