import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import log from 'electron-log/node';
import { afterEach, describe, expect, test } from 'vitest';
import { ServiceError } from '../../electron/core/api/service-errors';
import { logConsoleToFile, logText } from '../../electron/core/log-file';
import { redactSecrets } from '../../shared/log-redaction';
import { secretsInLog } from '../support/log-scan';

const CLIENT_SECRET = 'pi_3Pq8fbc7d01aa2_secret_Zt8wQk2LmN0pRs';
const VISA = '4242 4242 4242 4242';

/** The 402 a payment needing 3-D Secure gets, as the client makes it from the service's answer. */
const threeDSecureAsked = () =>
  new ServiceError({
    kind: 'card',
    status: 402,
    serviceCode: 'payment_requires_action',
    body: {
      error: 'payment_requires_action',
      message: 'The card needs 3-D Secure authentication.',
      payment_intent_id: 'pi_3Pq8fbc7d01aa2',
      client_secret: CLIENT_SECRET,
    },
    message: 'The card needs 3-D Secure.',
    hint: 'Ask the traveler to confirm in the bank’s window.',
    mayHaveReachedService: false,
  });

describe('redactSecrets', () => {
  test.each([
    [
      'keys',
      'key sk_live_4eC39HqLyjWDarjtT1zdp7dc and pk_test_TYooMQauvdEDq54NiTphI7jx, rk_live_51Hx0aBcD',
      ['sk_live_4eC39', 'pk_test_TYoo', 'rk_live_51H'],
    ],
    ['a client secret', `confirm with ${CLIENT_SECRET} now`, [CLIENT_SECRET, '_secret_']],
    ['a client secret field', '{"client_secret":"opaque-value-9"} client_secret=opaque-value-9', ['opaque-value-9']],
    ['a bearer token', 'Authorization: Bearer sk_test_abcdefgh12345678', ['abcdefgh12345678']],
    ['the training admin key', 'admin key sandbox_admin_Qx7pL2mN9vB4', ['Qx7pL2mN9vB4']],
    ['a card number, spaced', `typed ${VISA} in the reference`, ['4242 4242']],
    ['a card number, in full-width digits', 'typed ４２４２４２４２４２４２４２４２', ['４２４２', '42424242']],
    ['a card number in a pm_ token', 'pm_4242_4242_4242_4242', ['4242_4242']],
    ['an e-mail address', 'holder ana.silva+trip@example.co.uk wrote', ['ana.silva', 'example.co.uk']],
    [
      'a URL beyond its origin',
      'refused to open https://hooks.stripe.com/3d_secure/authenticate?client_secret=abc&email=ana@example.com#x',
      ['3d_secure', 'abc', 'ana@'],
    ],
    ['credentials in a URL', 'https://user:hunter2@api.partner.example/bookings', ['hunter2', 'user']],
    ['a payment link’s secret', 'http://127.0.0.1:43110/sandbox/pay/modification/MODAB12345?secret=Zk9xQ', ['Zk9xQ', 'MODAB']],
    ['a file path in a file: URL', 'file:///home/agent/Documents/ana.silva@example.com.pdf', ['home/agent', 'ana.silva']],
  ])('takes out %s', (_what, text, gone) => {
    const redacted = redactSecrets(text);
    for (const piece of gone) expect(redacted).not.toContain(piece);
  });

  test('keeps what says what happened', () => {
    expect(redactSecrets('[links] refused to open https://evil.example/phish?c=1: not on the service’s own origin')).toBe(
      '[links] refused to open https://evil.example/…: not on the service’s own origin',
    );
    expect(redactSecrets('[ipc] bookings:cancel failed for booking 100042 on 2027-01-24')).toBe(
      '[ipc] bookings:cancel failed for booking 100042 on 2027-01-24',
    );
    expect(redactSecrets('http://127.0.0.1:43110')).toBe('http://127.0.0.1:43110');
    expect(redactSecrets(`${CLIENT_SECRET} sk_test_4eC39HqLyjWDarjtT1zdp7dc`)).toBe('[client secret] [sk_test_…]');
  });
});

describe('a service error', () => {
  test('keeps no client secret in its body; the 3-D Secure step is still there for the bank’s window', () => {
    const error = threeDSecureAsked();
    expect(JSON.stringify(error.body)).not.toContain('secret');
    expect(error.body).toMatchObject({ error: 'payment_requires_action', payment_intent_id: 'pi_3Pq8fbc7d01aa2' });
    expect(error.paymentAction).toEqual({ paymentIntentId: 'pi_3Pq8fbc7d01aa2', clientSecret: CLIENT_SECRET });
    expect(logText(error)).not.toContain('secret');
    expect(JSON.stringify(error)).not.toContain('secret');
  });

  test('logged whole, with its cause, says what failed and nothing secret', () => {
    const wrapped = new Error(`settling the payment for ana.silva@example.com failed`, { cause: threeDSecureAsked() });
    const text = logText(wrapped);
    expect(text).toContain('ServiceError');
    expect(text).toContain('402');
    expect(text).toContain('payment_requires_action');
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain('ana.silva');
  });
});

describe('the log file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  test('whatever is logged, and however, the file holds no secret, card number or e-mail address', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packdesk-log-'));
    dirs.push(dir);
    const file = join(dir, 'main.log');
    const logger = log.create({ logId: `redaction-test-${Date.now()}` });
    logger.transports.console.level = false;
    const restore = logConsoleToFile(logger, file, { catchErrors: false });
    try {
      console.warn(`[links] refused to open https://hooks.stripe.com/redirect/authenticate/src_1?client_secret=${CLIENT_SECRET}`);
      console.error('[ipc] payments:pay failed', new Error('the payment window answered wrongly', { cause: threeDSecureAsked() }));
      console.error('[ipc] bookings:prebook failed', {
        holder: { email: 'ana.silva@example.com' },
        reference: VISA,
        key: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
      });
      console.info('publishable key %s in use', 'pk_live_TYooMQauvdEDq54NiTphI7jx');
    } finally {
      restore();
    }
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('[links] refused to open https://hooks.stripe.com/…');
    expect(written).toContain('ServiceError');
    expect(written).toContain('[ipc] bookings:prebook failed');
    expect(secretsInLog(file)).toEqual([]);
  });

  test('the scan finds each thing no log may hold', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packdesk-log-'));
    dirs.push(dir);
    const lines = {
      key: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
      publishable: 'pk_live_TYooMQauvdEDq54NiTphI7jx',
      restricted: 'rk_live_51HxAbCdEfGhIj',
      secret: CLIENT_SECRET,
      card: `ref ${VISA}`,
      email: 'ana.silva@example.com',
    };
    for (const [name, line] of Object.entries(lines)) {
      const file = join(dir, `${name}.log`);
      writeFileSync(file, `[2027-01-24 10:00:00.000] [error] ${line}\n`);
      expect(secretsInLog(file), name).toHaveLength(1);
    }
    const clean = join(dir, 'clean.log');
    writeFileSync(clean, `[2027-01-24 10:00:00.000] [error] ${redactSecrets(Object.values(lines).join(' '))}\n`);
    expect(secretsInLog(clean)).toEqual([]);
  });
});
