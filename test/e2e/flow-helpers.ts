import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BookingRecord, HolderInput } from '../../shared/bookings';
import type { Harness } from './harness';
import { say, sayMatching } from './words';

/** Dates from `startInDays` on where the package's first hotel has a room, found through the real engine. */
export async function availableStay(harness: Harness, packageId: number, startInDays = 60, nights = 3, adults = 2) {
  const [entry] = (await harness.core.engine.search('')).filter((candidate) => candidate.id === packageId);
  if (!entry) throw new Error('no such package');
  const property = entry.properties[0] as { id: number; name: string };
  for (let offset = startInDays; offset < startInDays + 60; offset += 1) {
    const checkIn = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.now() + (offset + nights) * 86_400_000).toISOString().slice(0, 10);
    const quote = await harness.core.engine.price({
      packageId,
      packageTitle: entry.title,
      propertyId: property.id,
      propertyName: property.name,
      checkIn,
      checkOut,
      adults,
    });
    if (quote.available)
      return { title: entry.title, property: property.name, checkIn, checkOut, total: quote.totalMinor, currency: quote.currency };
  }
  throw new Error('no available stay');
}

/** "2027-03-10" as an agent types it: 10/03/2027. */
export const typedDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Drives the new-booking flow up to Review, the focus on Hold booking. */
export async function reviewThroughScreens(
  page: Page,
  stay: Awaited<ReturnType<typeof availableStay>>,
  search: string,
  traveler = { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' },
) {
  await page.keyboard.press('Control+n');
  await page.getByLabel(say('newBooking.search.label')).fill(search);
  await page.getByRole('button', { name: `${stay.property}, ${stay.title}` }).click();
  await page.getByLabel(say('bookings.detail.field.checkIn')).fill(typedDate(stay.checkIn));
  await page.getByLabel(say('bookings.detail.field.checkOut')).fill(typedDate(stay.checkOut));
  await page.getByRole('button', { name: say('newBooking.stay.checkPrice') }).click();
  await page.getByRole('button', { name: say('newBooking.stay.continue') }).click();
  await page.getByLabel(say('newBooking.traveler.name')).fill(traveler.name);
  await page.getByLabel(say('newBooking.traveler.surname')).fill(traveler.surname);
  await page.getByLabel(say('bookings.detail.field.email')).fill(traveler.email);
  await page.getByLabel(say('newBooking.traveler.guest', { number: 1 })).fill('41');
  await page.getByLabel(say('newBooking.traveler.guest', { number: 2 })).fill('39');
  await page.getByRole('button', { name: say('newBooking.traveler.continue') }).click();
  await expect.poll(() => focusedName(page)).toBe(say('newBooking.review.hold'));
}

/** …and held: the payment step on screen. */
export async function holdThroughScreens(...args: Parameters<typeof reviewThroughScreens>) {
  const [page] = args;
  await reviewThroughScreens(...args);
  await page.getByRole('button', { name: say('newBooking.review.hold') }).click();
  await expect.poll(() => page.getByRole('form', { name: say('newBooking.payment.form') }).isVisible()).toBe(true);
}

/** What the focused control is called, as the agent reads it: its aria-label, its field's label, or its text. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return '';
    const label = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.labels?.[0]?.textContent : null;
    return element.getAttribute('aria-label') ?? label ?? element.textContent.trim();
  });

/** A booking held through the real engine (no screens) on the package's first hotel, for two adults. */
export async function heldByEngine(harness: Harness, holder: HolderInput, packageId = 1, startInDays = 60): Promise<BookingRecord> {
  const [entry] = (await harness.core.engine.search('')).filter((candidate) => candidate.id === packageId);
  const property = entry?.properties[0];
  if (!entry || !property) throw new Error('no such package');
  const stay = await availableStay(harness, packageId, startInDays);
  const quote = await harness.core.engine.price({
    packageId,
    packageTitle: entry.title,
    propertyId: property.id,
    propertyName: property.name,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: 2,
  });
  if (!quote.available) throw new Error('not available');
  const hold = await harness.core.engine.startHold(quote, [40, 38]);
  return harness.core.engine.prebook(hold.holdId, holder);
}

/** …then paid with a test card and confirmed by the training supplier. */
export async function paidByEngine(harness: Harness, holder: HolderInput, packageId = 1, startInDays = 60): Promise<BookingRecord> {
  const booking = await heldByEngine(harness, holder, packageId, startInDays);
  await harness.core.payments.payWith(booking.id, 'pm_card_visa');
  harness.core.reconciler.soon(booking.id);
  await expect.poll(() => harness.core.ledger.get(booking.id)?.status, { timeout: 10_000 }).toBe('Paid');
  return harness.core.ledger.get(booking.id) as BookingRecord;
}

/** Dates as long as the booking's, some days later, where the same stay costs less (or more) than now. */
export async function otherDates(harness: Harness, booking: BookingRecord, cheaper: boolean) {
  for (let days = 1; days < 150; days += 1) {
    const shift = (date: string) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
    const quote = await harness.core.engine.price({
      packageId: booking.packageId,
      packageTitle: booking.packageTitle,
      propertyId: booking.propertyId,
      propertyName: booking.propertyName,
      checkIn: shift(booking.checkIn),
      checkOut: shift(booking.checkOut),
      adults: booking.adults,
    });
    if (quote.available && (cheaper ? quote.totalMinor < booking.totalMinor : quote.totalMinor > booking.totalMinor))
      return { checkIn: shift(booking.checkIn), checkOut: shift(booking.checkOut), total: quote.totalMinor };
  }
  throw new Error('no such dates');
}

/** What the print bar's status says once a document is saved ("Saved to …", with the file's path). */
export const savedDocumentStatus = (page: Page): Promise<string | null> =>
  page
    .getByRole('status')
    .filter({ hasText: sayMatching('component.printBar.saved') })
    .textContent();
