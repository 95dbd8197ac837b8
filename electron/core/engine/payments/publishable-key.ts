import { defineMessages } from '../../../../shared/i18n/messages';
import { AppError } from '../../app-error';
import type { ProfileRecord } from '../../profiles';

const words = defineMessages({
  missing: {
    id: 'error.publishableKey.missing.message',
    defaultMessage: 'The profile “{profile}” has no Stripe publishable key, so the card window cannot open.',
  },
  missingHint: { id: 'error.publishableKey.missing.hint', defaultMessage: 'Add its Stripe publishable key ({prefix}…) in Settings.' },
  liveNeedsLive: {
    id: 'error.publishableKey.liveNeedsLive.message',
    defaultMessage: 'A live profile needs a live Stripe publishable key (pk_live_…), and this profile has a test one.',
  },
  testNeedsTest: {
    id: 'error.publishableKey.testNeedsTest.message',
    defaultMessage:
      'A test-mode profile pays with Stripe test cards and needs a test publishable key (pk_test_…), and this profile has a live one.',
  },
  mismatchHint: { id: 'error.publishableKey.mismatch.hint', defaultMessage: 'Replace the Stripe publishable key in Settings.' },
});

/** The publishable key a profile pays with, checked before any window opens. */
export async function checkedPublishableKey(
  publishableKey: (profile: ProfileRecord) => Promise<string | null>,
  profile: ProfileRecord,
): Promise<string> {
  const key = await publishableKey(profile);
  const expected = profile.kind === 'live' ? 'pk_live_' : 'pk_test_';
  if (!key) {
    throw new AppError(
      'publishable_key_missing',
      { message: words.missing, values: { profile: profile.name } },
      { message: words.missingHint, values: { prefix: expected } },
    );
  }
  if (!key.startsWith(expected)) {
    throw new AppError(
      'publishable_key_mismatch',
      { message: profile.kind === 'live' ? words.liveNeedsLive : words.testNeedsTest },
      { message: words.mismatchHint },
    );
  }
  return key;
}
