import type { BuiltInService } from '../core/core';
import type { Sandbox } from './sandbox';

/** The running service as the counter's core uses it: its address, the training organization's keys, controls and records. */
export function asBuiltInService(sandbox: Sandbox): BuiltInService {
  const organizationId = sandbox.keys.organizationId;
  return {
    url: sandbox.url,
    testKey: sandbox.keys.testKey,
    liveKey: sandbox.keys.liveKey,
    controls: sandbox.controls,
    records: {
      bookingsSince: (sinceIso) => sandbox.service.bookingsSince(organizationId, sinceIso),
      booking: (serviceBookingId, sinceIso) => sandbox.service.exerciseBooking(organizationId, serviceBookingId, sinceIso),
    },
  };
}
