import type { ControlSettings } from '../../shared/training-controls';

/**
 * The built-in service's faults in both soaks: slow, failing and rate-limited answers, answers lost after
 * the service acted, requests held past the client's patience, a supplier that takes its time.
 */
export const SOAK_SERVICE_FAULTS = {
  latencyMs: 2,
  errorRate: 0.02,
  rateLimitRate: 0.02,
  retryAfterSeconds: 0,
  dropAfterCommitRate: 0.03,
  slowRequestRate: 0.01,
  slowRequestMs: 1_500,
  supplierDelayMs: 300,
} satisfies Partial<ControlSettings>;
