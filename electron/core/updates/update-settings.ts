import { randomUUID } from 'node:crypto';
import { updateChannelSchema } from '../../../shared/updates';
import type { UpdateChannel } from '../../../shared/updates';
import type { Preferences } from '../preferences';

const FEED_URL = 'updates.feed-url';
const CHANNEL = 'updates.channel';
const INSTALL_ID = 'updates.install-id';
const LAST_CHECK = 'updates.last-check-at';

/** The counter's update settings, kept in the settings database: its feed, its channel, its last check. */
export function updateSettings(preferences: Preferences) {
  return {
    /** The feed's address, or null: updates are off. */
    feedUrl: (): string | null => preferences.get(FEED_URL) || null,
    channel: (): UpdateChannel => updateChannelSchema.catch('stable').parse(preferences.get(CHANNEL)),
    save(feedUrl: string | null, channel: UpdateChannel): void {
      preferences.set(FEED_URL, feedUrl ?? '');
      preferences.set(CHANNEL, channel);
    },
    lastCheckAt: (): string | null => preferences.get(LAST_CHECK),
    checkedAt(at: Date): void {
      preferences.set(LAST_CHECK, at.toISOString());
    },
    /**
     * This install's own id, for the rollout of a counter in no agency: made once, at random, and
     * kept, so the counter keeps its place in every rollout.
     */
    installId(): string {
      const saved = preferences.get(INSTALL_ID);
      if (saved) return saved;
      const made = randomUUID();
      preferences.set(INSTALL_ID, made);
      return made;
    },
  };
}
