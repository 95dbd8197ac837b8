import { createHash } from 'node:crypto';

/**
 * Where a counter stands in every staged rollout, from 0 (first) to just under 100: the first four
 * bytes of a SHA-256 of its id. The same counter always has the same place, so the 10% of desks
 * that get a version first are the same desks each time, and a desk never flips in and out.
 */
export function rolloutPosition(counterId: string): number {
  const digest = createHash('sha256').update(`packdesk-rollout:${counterId}`).digest();
  return (digest.readUInt32BE(0) / 0x1_0000_0000) * 100;
}

/**
 * Whether the feed offers its version to this counter. The feed's `stagingPercentage` (as
 * electron-builder writes it in latest*.yml) says how many counters get it; absent means all.
 * A value that is not a number is read as absent rather than keeping every desk back.
 */
export function offeredToCounter(counterId: string, stagingPercentage: unknown): boolean {
  if (stagingPercentage === undefined || stagingPercentage === null) return true;
  const percentage =
    typeof stagingPercentage === 'number'
      ? stagingPercentage
      : typeof stagingPercentage === 'string'
        ? Number.parseFloat(stagingPercentage)
        : NaN;
  if (Number.isNaN(percentage)) return true;
  return rolloutPosition(counterId) < Math.min(100, Math.max(0, percentage));
}
