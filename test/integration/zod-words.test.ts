/**
 * Zod's own words (an issue a schema gave no message of ours) follow the counter's language, from zod's
 * translations; the built-in service still answers in its own words, English, whatever the counter's language.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { createDispatcher } from '../../electron/core/dispatch';
import { pseudoText } from '../../shared/i18n/pseudo-text';
import { followZodLanguage } from '../../shared/i18n/zod-words';
import { useCore } from '../support/engine-helpers';
import { callApi, pendingBooking, useSandbox } from '../support/sandbox-helpers';

const core = useCore();
const sandbox = useSandbox();
afterEach(() => followZodLanguage('en'));

describe('zod’s words in the counter’s language', () => {
  test('a call refused by a schema’s built-in check says so in German at a German counter, in English at an English one', async () => {
    const { core: counter } = await core(await sandbox());
    const dispatch = createDispatcher(counter.handlers);
    const refusal = async () => {
      const answer = await dispatch('packages:search', { title: 12 });
      return answer.ok ? '' : answer.error.message;
    };
    expect(await refusal()).toMatch(/expected string, received number/);
    expect((await dispatch('language:set', { language: 'de' })).ok).toBe(true);
    expect(await refusal()).toMatch(/^Ungültige Eingabe: erwartet string, erhalten Zahl/);
    expect((await dispatch('language:set', { language: 'en-XA' })).ok).toBe(true);
    expect(await refusal()).toContain(pseudoText('expected string, received number'));
  });

  test('the built-in service answers a bad request in English while the counter works in German', async () => {
    const service = await sandbox();
    const { bookingId } = await pendingBooking(service);
    await followZodLanguage('de');
    const missing = await callApi(service, 'POST', `/bookings/${bookingId}/cancel`, service.keys.liveKey, {});
    expect(missing).toMatchObject({
      status: 422,
      body: { details: [{ field: 'cancellation_reason', problem: expect.stringMatching(/^Invalid input: expected string/) }] },
    });
  });
});
