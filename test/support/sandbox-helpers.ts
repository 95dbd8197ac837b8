import { afterEach } from 'vitest';
import { findPackage } from '../../electron/sandbox/catalog';
import { isSoldOut, stayNights } from '../../electron/sandbox/pricing';
import { startSandbox } from '../../electron/sandbox/sandbox';
import type { Sandbox, SandboxOptions } from '../../electron/sandbox/sandbox';
import { API_PREFIX } from '../../shared/api';
import { daysFromNow } from './stays';

/**
 * Starts built-in services for a test and stops them afterwards. `defaults` apply to every service
 * of the file, such as `{ dialect: 'alternate' }`; each call can override them.
 */
export function useSandbox(defaults: Partial<SandboxOptions> = {}): (options?: Partial<SandboxOptions>) => Promise<Sandbox> {
  const running: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
  });
  return async (options = {}) => {
    const sandbox = await startSandbox({ dataFile: ':memory:', controls: { supplierDelayMs: 50 }, ...defaults, ...options });
    running.push(sandbox);
    return sandbox;
  };
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** One raw HTTP call to the service's API, as a partner would make it. */
export async function callApi<T = Record<string, unknown>>(
  sandbox: Sandbox,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${sandbox.url}${API_PREFIX}${path}`, {
    method,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
}

export { daysFromNow } from './stays';

export interface PricedStay {
  packageId: number;
  propertyId: number;
  checkIn: string;
  checkOut: string;
  adults: number;
  availabilityId: number;
  total: number;
  currency: string;
}

/** Prices a stay at the first dates from `startInDays` on that are not sold out. */
export async function priceAvailableStay(
  sandbox: Sandbox,
  stay: { packageId?: number; propertyId?: number; nights?: number; adults?: number; startInDays?: number } = {},
): Promise<PricedStay> {
  const packageId = stay.packageId ?? 1;
  const propertyId = stay.propertyId ?? packageId * 100 + 1;
  const nights = stay.nights ?? 3;
  const adults = stay.adults ?? 2;
  for (let offset = stay.startInDays ?? 60; offset < (stay.startInDays ?? 60) + 60; offset += 1) {
    const checkIn = daysFromNow(offset);
    const checkOut = daysFromNow(offset + nights);
    const answer = await callApi<{ data: { available: boolean; availability_id: number; total_price_cents: number; currency: string } }>(
      sandbox,
      'POST',
      `/packages/${packageId}/availability`,
      sandbox.keys.testKey,
      { check_in: checkIn, check_out: checkOut, adults, property_id: propertyId },
    );
    if (answer.body.data.available) {
      return {
        packageId,
        propertyId,
        checkIn,
        checkOut,
        adults,
        availabilityId: answer.body.data.availability_id,
        total: answer.body.data.total_price_cents,
        currency: answer.body.data.currency,
      };
    }
  }
  throw new Error('no available dates found');
}

export const paxesFor = (adults: number) => Array.from({ length: adults }, (_, index) => ({ age: 30 + index }));
export const itemsFor = (stay: PricedStay) => [{ availability_id: stay.availabilityId, paxes: paxesFor(stay.adults) }];

export async function mintToken(sandbox: Sandbox, stay: PricedStay, key = sandbox.keys.liveKey) {
  return callApi<{ data: { available: boolean; prebook_token: string; expires_at: string } }>(
    sandbox,
    'POST',
    `/packages/${stay.packageId}/availability`,
    key,
    {
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      adults: stay.adults,
      property_id: stay.propertyId,
      mode: 'prebook',
      items: itemsFor(stay),
    },
  );
}

/** The same stay priced again: its total now. */
export async function priceAgain(sandbox: Sandbox, stay: PricedStay): Promise<number> {
  const answer = await callApi<{ data: { total_price_cents: number } }>(
    sandbox,
    'POST',
    `/packages/${stay.packageId}/availability`,
    sandbox.keys.testKey,
    {
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      adults: stay.adults,
      property_id: stay.propertyId,
    },
  );
  return answer.body.data.total_price_cents;
}

/** The cardholder's answer on the training bank's 3-D Secure page; the bank's page after it. */
export function answerChallenge(sandbox: Sandbox, intentId: string, clientSecret: string, outcome: 'approve' | 'fail'): Promise<Response> {
  return fetch(`${sandbox.url}/sandbox/3ds/${intentId}`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: clientSecret, outcome }),
  });
}

export const HOLDER = { name: 'Ana', surname: 'Silva', email: 'ana.silva@example.com' };

export function prebookBody(stay: PricedStay, token: string) {
  return {
    package_id: stay.packageId,
    inventory_item_id: stay.propertyId,
    prebook_token: token,
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    holder: HOLDER,
    items: itemsFor(stay),
  };
}

/** Prices, mints and prebooks: a Pending booking, and the stay it holds. */
export async function pendingBooking(sandbox: Sandbox, stay: Parameters<typeof priceAvailableStay>[1] = {}) {
  const priced = await priceAvailableStay(sandbox, stay);
  const token = await mintToken(sandbox, priced);
  const prebook = await callApi<{ id: number; status: string }>(
    sandbox,
    'POST',
    '/bookings/prebook',
    sandbox.keys.liveKey,
    prebookBody(priced, token.body.data.prebook_token),
  );
  if (prebook.status !== 201) throw new Error(`prebook failed: ${JSON.stringify(prebook.body)}`);
  return { stay: priced, bookingId: prebook.body.id };
}

/** A booking paid with a good card and confirmed by the supplier. */
export async function paidBooking(sandbox: Sandbox, stay: Parameters<typeof priceAvailableStay>[1] = {}) {
  const pending = await pendingBooking(sandbox, stay);
  await callApi(sandbox, 'POST', `/bookings/${pending.bookingId}/book`, sandbox.keys.liveKey, { payment_method_id: 'pm_card_visa' });
  await waitForStatus(sandbox, pending.bookingId, 'Paid');
  return pending;
}

export async function waitForStatus(sandbox: Sandbox, bookingId: number, status: string, key = sandbox.keys.liveKey): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answer = await callApi<{ data?: { status: string } }>(sandbox, 'GET', `/bookings/${bookingId}`, key);
    if (answer.body.data?.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`booking ${bookingId} never reached ${status}`);
}

/**
 * The first dates from `startInDays` on, `nights` long, that the built-in service does not sell out
 * for this property: its sold-out nights follow the calendar, so fixed offsets would fail on some days.
 */
export function openDates(property: { packageId: number; propertyId: number }, startInDays: number, nights: number) {
  const room = findPackage(property.packageId)?.properties.find((candidate) => candidate.id === property.propertyId);
  if (!room) throw new Error(`no property ${property.propertyId} in package ${property.packageId}`);
  for (let offset = startInDays; offset < startInDays + 60; offset += 1) {
    const checkIn = daysFromNow(offset);
    const checkOut = daysFromNow(offset + nights);
    if (!stayNights(checkIn, checkOut).some((night) => isSoldOut(room, night))) return { checkIn, checkOut };
  }
  throw new Error(`no open dates for property ${property.propertyId} in 60 days from ${startInDays}`);
}
