import { describe, expect, test } from 'vitest';
import { offeredToCounter, rolloutPosition } from '../../electron/core/updates/rollout';
import { feedAddressProblem, updateSettingsInputSchema } from '../../shared/updates';

const desks = Array.from({ length: 2_000 }, (_, n) => `counter-${n}`);

describe('staged rollout by a stable hash of the counter', () => {
  test('a counter keeps its place; the places spread evenly, so 10% offers it to about a tenth of desks', () => {
    expect(rolloutPosition('counter-7')).toBe(rolloutPosition('counter-7'));
    const offered = desks.filter((desk) => offeredToCounter(desk, 10)).length;
    expect(offered).toBeGreaterThan(150);
    expect(offered).toBeLessThan(250);
  });

  test('a desk offered at 10% is still offered at 50%: raising the percentage only adds desks', () => {
    for (const desk of desks.filter((candidate) => offeredToCounter(candidate, 10))) expect(offeredToCounter(desk, 50)).toBe(true);
  });

  test('no percentage in the feed offers it to all; 0 to none; 100 to all; a word that is no number is no percentage', () => {
    expect(desks.every((desk) => offeredToCounter(desk, undefined))).toBe(true);
    expect(desks.some((desk) => offeredToCounter(desk, 0))).toBe(false);
    expect(desks.every((desk) => offeredToCounter(desk, 100))).toBe(true);
    expect(desks.every((desk) => offeredToCounter(desk, 'soon'))).toBe(true);
    expect(offeredToCounter('counter-1', '100')).toBe(true);
  });
});

describe('the feed address', () => {
  test('https anywhere, plain http only on loopback, never a password in it; empty turns updates off', () => {
    expect(feedAddressProblem('https://updates.agency.example/packdesk/')).toBeNull();
    expect(feedAddressProblem('http://127.0.0.1:8080/feed/')).toBeNull();
    expect(feedAddressProblem('http://localhost/feed/')).toBeNull();
    expect(feedAddressProblem('http://[::1]:9000/')).toBeNull();
    // A problem is a message (worded where it is shown); its English words:
    expect(feedAddressProblem('http://updates.agency.example/')?.defaultMessage).toBe(
      'The feed must be an https:// address (plain http only on this computer itself).',
    );
    expect(feedAddressProblem('https://user:secret@updates.agency.example/')?.defaultMessage).toBe(
      'A feed address carries no user name or password.',
    );
    expect(feedAddressProblem('file:///srv/feed')).not.toBeNull();
    expect(updateSettingsInputSchema.safeParse({ feedUrl: '', channel: 'stable' }).success).toBe(true);
    expect(updateSettingsInputSchema.safeParse({ feedUrl: 'ftp://x', channel: 'stable' }).success).toBe(false);
    expect(updateSettingsInputSchema.safeParse({ feedUrl: '', channel: 'beta' }).success).toBe(false);
  });
});
