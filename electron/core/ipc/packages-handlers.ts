import type { BookingEngine } from '../engine/booking-engine';
import type { AreaHandlers } from './handlers';

/** The catalog's search, the first step of a new booking. */
export function packagesIpc({ engine }: { engine: BookingEngine }): AreaHandlers<'packages:search'> {
  return {
    'packages:search': (input) => engine.search(input.title),
  };
}
