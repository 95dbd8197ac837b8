import { preloadSteps } from './new-booking/lazy-steps';
import { onDemand } from './on-demand';

// The screens the counter does not start on: their code loads on demand, so the first screen waits only for its own.
const bookings = onDemand(() => import('./BookingsScreen').then((module) => module.BookingsScreen));
const today = onDemand(() => import('./TodayScreen').then((module) => module.TodayScreen));
const settings = onDemand(() => import('./SettingsScreen').then((module) => module.SettingsScreen));
const voucher = onDemand(() => import('./Voucher').then((module) => module.Voucher));
const trainer = onDemand(() => import('./trainer/TrainerScreen').then((module) => module.TrainerScreen));

export const BookingsScreen = bookings.Component;
export const TodayScreen = today.Component;
export const SettingsScreen = settings.Component;
export const Voucher = voucher.Component;
export const TrainerScreen = trainer.Component;

/** Fetches the other screens' code once the first screen is drawn, so opening one later shows no loading state. */
export function preloadScreens(): void {
  // Code that failed to load is asked for again when its screen opens, and its error shows there.
  for (const load of [bookings.preload, today.preload, settings.preload, voucher.preload, trainer.preload, preloadSteps])
    load().catch(() => undefined);
}
