import { describe, expect, test } from 'vitest';
import type { ApiItem } from '../../../shared/api';
import { callApi, paidBooking, useSandbox } from '../../support/sandbox-helpers';
import type { Dialect } from '../../../electron/sandbox/sandbox';

// A date change gives every room a new offer; the room is still known by every id it had.
const sandbox = useSandbox();
type Service = Awaited<ReturnType<typeof sandbox>>;
const shift = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
type Preview = { data: { price_summary: { net_price_diff: number } } };

/** Confirms a change, paying its link page when it costs more. */
async function makeChange(service: Service, bookingId: number, changes: unknown) {
  const confirm = await callApi<{ status: string; payment_link?: string }>(
    service,
    'POST',
    `/bookings/${bookingId}/modification`,
    service.keys.liveKey,
    { changes },
  );
  expect(confirm.status).toBeLessThan(300);
  if (confirm.body.status === 'payment_required') await fetch(confirm.body.payment_link as string, { method: 'POST' });
  expect(service.service.ledger(bookingId).booking?.status).toBe('Paid');
}

const preview = (service: Service, bookingId: number, changes: unknown) =>
  callApi<Preview>(service, 'POST', `/bookings/${bookingId}/modification/preview`, service.keys.testKey, { changes });
const currentItems = (service: Service, bookingId: number) =>
  JSON.parse(service.service.ledger(bookingId).booking?.items ?? '[]') as ApiItem[];

describe.each<Dialect>(['standard', 'alternate'])('room identity (%s dialect)', (dialect) => {
  test('a room change after a date change may name the room by the id it was booked with, or the one the date change gave it', async () => {
    const service = await sandbox({ dialect });
    const { bookingId, stay } = await paidBooking(service, { startInDays: 150 });
    let dates: { check_in: string; check_out: string } | undefined;
    for (let days = 1; days < 60 && !dates; days += 1) {
      const check = { check_in: shift(stay.checkIn, days), check_out: shift(stay.checkOut, days) };
      if ((await preview(service, bookingId, { booking: { dates: check } })).status === 200) dates = check;
    }
    if (!dates) throw new Error('no dates to move to');
    const dateChange = { booking: { dates } };
    await makeChange(service, bookingId, dateChange);
    const afterDates = currentItems(service, bookingId)[0]?.availability_id as number;
    expect(afterDates).not.toBe(stay.availabilityId);

    const room = await callApi<{ data: { available: boolean; availability_id: number; total_price_cents: number } }>(
      service,
      'POST',
      `/packages/${stay.packageId}/availability`,
      service.keys.testKey,
      {
        ...dates,
        adults: stay.adults,
        property_id: stay.propertyId,
      },
    );
    const total = service.service.ledger(bookingId).booking?.total_minor as number;
    for (const named of [stay.availabilityId, afterDates]) {
      const rooms = [{ action: 'update', availability_id: named, selected_availability_id: room.body.data.availability_id }];
      expect(await preview(service, bookingId, { rooms })).toMatchObject({
        status: 200,
        body: { data: { price_summary: { net_price_diff: room.body.data.total_price_cents - total } } },
      });
    }
    const strangers = [{ action: 'update', availability_id: 999_999, selected_availability_id: room.body.data.availability_id }];
    expect((await preview(service, bookingId, { rooms: strangers })).status).toBeGreaterThanOrEqual(400);

    const roomChange = {
      rooms: [{ action: 'update', availability_id: stay.availabilityId, selected_availability_id: room.body.data.availability_id }],
    };
    await makeChange(service, bookingId, roomChange);
    expect(currentItems(service, bookingId)[0]?.availability_id).toBe(room.body.data.availability_id);

    // The very same changes previewed again once made: nothing left to pay or refund.
    for (const changes of [roomChange, dateChange, { ...dateChange, ...roomChange }]) {
      expect(await preview(service, bookingId, changes)).toMatchObject({
        status: 200,
        body: { data: { price_summary: { net_price_diff: 0, payment_required: false } } },
      });
    }
  });

  test('a room and dates changed together, then previewed again: 0', async () => {
    const service = await sandbox({ dialect });
    const { bookingId, stay } = await paidBooking(service, { startInDays: 120 });
    for (let days = 1; days < 60; days += 1) {
      const dates = { check_in: shift(stay.checkIn, days), check_out: shift(stay.checkOut, days) };
      const room = await callApi<{ data: { available: boolean; availability_id: number } }>(
        service,
        'POST',
        `/packages/${stay.packageId}/availability`,
        service.keys.testKey,
        { ...dates, adults: stay.adults, property_id: stay.propertyId },
      );
      if (!room.body.data.available) continue;
      const changes = {
        booking: { dates },
        rooms: [{ action: 'update', availability_id: stay.availabilityId, selected_availability_id: room.body.data.availability_id }],
      };
      await makeChange(service, bookingId, changes);
      expect(await preview(service, bookingId, changes)).toMatchObject({
        status: 200,
        body: { data: { price_summary: { net_price_diff: 0 } } },
      });
      return;
    }
    throw new Error('no dates to move to');
  });
});
