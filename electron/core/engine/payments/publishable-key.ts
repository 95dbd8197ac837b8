import { AppError } from '../../app-error';
import type { ProfileRecord } from '../../profiles';

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
      `The profile “${profile.name}” has no Stripe publishable key, so the card window cannot open.`,
      `Add its Stripe publishable key (${expected}…) in Settings.`,
    );
  }
  if (!key.startsWith(expected)) {
    throw new AppError(
      'publishable_key_mismatch',
      profile.kind === 'live'
        ? 'A live profile needs a live Stripe publishable key (pk_live_…), and this profile has a test one.'
        : 'A test-mode profile pays with Stripe test cards and needs a test publishable key (pk_test_…), and this profile has a live one.',
      'Replace the Stripe publishable key in Settings.',
    );
  }
  return key;
}
