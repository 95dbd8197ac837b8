import type { BuiltInService } from '../core/core';
import type { Sandbox } from '../sandbox/sandbox';

/** The first built-in profile (settings migration 1): it keeps the service's first training organization. */
const TRAINING_PROFILE_ID = 1;

/**
 * The running service as the counter's core uses it: its address, each training profile's keys, its controls and records.
 * Main composes the two, so it alone adapts one to the other: the service and the core never import each other.
 */
export function asBuiltInService(sandbox: Sandbox): BuiltInService {
  const organizationOf = (profileId: number) =>
    sandbox.organizationFor(profileId === TRAINING_PROFILE_ID ? 'training' : `profile-${profileId}`);
  return {
    url: sandbox.url,
    testKey: sandbox.keys.testKey,
    liveKey: sandbox.keys.liveKey,
    keysFor: organizationOf,
    controls: sandbox.controls,
    records: {
      bookingsSince: (profileId, sinceIso) => sandbox.service.bookingsSince(organizationOf(profileId).organizationId, sinceIso),
      booking: (profileId, serviceBookingId, sinceIso) =>
        sandbox.service.exerciseBooking(organizationOf(profileId).organizationId, serviceBookingId, sinceIso),
      forget: (profileId) => sandbox.forgetBookings(organizationOf(profileId).organizationId),
    },
  };
}
