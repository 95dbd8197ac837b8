import type { BookingService } from './booking-service';
import type { TrainingControls } from './controls';

/**
 * Settles each paid booking when its supplier's confirmation is due, one timer each; bookings that were
 * confirming when the service stopped are settled now or when due. Returns how to stop every timer.
 */
export function startSettlementTimers(service: BookingService, controls: TrainingControls): { stop(): void } {
  const timers = new Set<NodeJS.Timeout>();
  const settleLater = (delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      try {
        service.settleDue();
      } catch {
        // The next read of the booking settles it; a timer must never take the service down.
      }
    }, delayMs + 10);
    timer.unref();
    timers.add(timer);
  };
  controls.onSettlement(settleLater);
  service.settleDue();
  for (const due of service.confirmationsDue()) settleLater(Math.max(0, Date.parse(due) - Date.now()));
  return {
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
