import { expect, test } from 'vitest';
import { heldBooking, useCore, waitUntil } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { storedTextHoldsCardNumber } from '../../support/card-scan';
import { queryAgency } from '../../support/agency-server';
import { useAgencyDatabase } from './agency-test-server';

const agency = useAgencyDatabase();
const startSandbox = useSandbox();
const startCore = useCore();

test('a booking paid by card at a counter in an agency leaves no key, card, payment method or client secret in PostgreSQL', async () => {
  const sandbox = await startSandbox();
  const { core } = await startCore(sandbox, { agencyTimings: { retryDelayMs: { first: 50, max: 500 } } });
  const { host, port, database, user, tlsMode } = agency.settings();
  await core.agency.connect({ profileId: 1, host, port, database, user, tlsMode, counterName: 'Desk 1' });
  const { booking } = await heldBooking(core);
  await core.payments.payWith(booking.id, 'pm_card_visa');
  await waitUntil(
    () => core.ledger.get(booking.id)?.status,
    (status) => status === 'Paid',
  );
  await core.agency.drained();

  const [record] = await queryAgency<{ status: string; service_booking_id: string }>(
    agency.settings(),
    'SELECT status, service_booking_id FROM agency_bookings',
  );
  expect(record).toEqual({ status: 'Paid', service_booking_id: String(booking.serviceBookingId) });
  // Every row of every table of the agency's database, as text.
  const tables = await queryAgency<{ name: string }>(
    agency.settings(),
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  let dump = '';
  for (const { name } of tables) {
    const [rows] = await queryAgency<{ text: string | null }>(agency.settings(), `SELECT string_agg(t::text, ' ') AS text FROM ${name} t`);
    dump += ` ${rows?.text ?? ''}`;
  }
  expect(dump).toContain(booking.clientReference);
  expect(dump).not.toContain(sandbox.keys.testKey);
  expect(dump).not.toContain(sandbox.keys.liveKey);
  expect(dump).not.toMatch(/pm_card|pm_[A-Za-z0-9]{8}|_secret_|\bpi_[A-Za-z0-9]+|sk_(test|live)|pk_(test|live)/);
  expect(storedTextHoldsCardNumber(dump)).toBe(false);
  await core.shutdown();
});
