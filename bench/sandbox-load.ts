import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServiceProcess } from './service-process';

/** Loopback load on the built-in service, run in its own process: search, pricing and whole bookings at 50 connections. */

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

export interface LoadFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  note: string;
}

async function cannon(name: string, options: autocannon.Options, note: string): Promise<LoadFigure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    note,
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function json(
  url: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> & { data?: Record<string, unknown> } }> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** 50 agents booking at once: price, token, prebook, pay. Every booking is then read back. */
async function fullBookings(url: string, liveKey: string, testKey: string): Promise<LoadFigure> {
  const api = `${url}/api/partner/v1`;
  const made: number[] = [];
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const agent = async (index: number) => {
    let offset = 20 + index;
    while (Date.now() < deadline) {
      const started = performance.now();
      const packageId = (index % 40) + 1;
      const stay = { check_in: day(offset), check_out: day(offset + 2), adults: 2, property_id: packageId * 100 + 1 };
      offset = offset > 300 ? 20 : offset + 1;
      const priced = await json(`${api}/packages/${packageId}/availability`, testKey, stay);
      if (!priced.body.data?.available) continue;
      const items = [{ availability_id: priced.body.data.availability_id, paxes: [{ age: 40 }, { age: 38 }] }];
      const token = await json(`${api}/packages/${packageId}/availability`, liveKey, { ...stay, mode: 'prebook', items });
      const prebook = await json(`${api}/bookings/prebook`, liveKey, {
        package_id: packageId,
        inventory_item_id: stay.property_id,
        prebook_token: token.body.data?.prebook_token,
        check_in: stay.check_in,
        check_out: stay.check_out,
        holder: { name: 'Load', surname: `Agent${index}`, email: `agent${index}@example.com` },
        items,
      });
      const booked =
        prebook.status === 201
          ? await json(`${api}/bookings/${String(prebook.body.id)}/book`, liveKey, { payment_method_id: 'pm_card_visa' })
          : prebook;
      if (booked.status !== 200) {
        errors += 1;
        continue;
      }
      made.push(Number(prebook.body.id));
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => agent(index)));
  const elapsed = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 400));
  let lost = 0;
  for (const id of made) {
    const read = await json(`${api}/bookings/${id}`, liveKey);
    if (read.body.data?.status !== 'Paid') lost += 1;
  }
  latencies.sort((a, b) => a - b);
  return {
    name: 'full booking (4 calls)',
    requestsPerSecond: made.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors: errors + lost,
    note: `${made.length} bookings, ${lost} not Paid when read back`,
  };
}

export async function measureSandbox(): Promise<LoadFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-'));
  const service = await startServiceProcess(join(dir, 'service.db'));
  try {
    const figures = [
      await cannon(
        'search',
        { url: `${service.url}/api/partner/v1/packages?title=city`, headers: { Authorization: `Bearer ${service.testKey}` } },
        'GET /packages?title=city',
      ),
    ];
    const pricing = JSON.stringify({ check_in: day(45), check_out: day(48), adults: 2, property_id: 501 });
    figures.push(
      await cannon(
        'pricing',
        {
          url: `${service.url}/api/partner/v1/packages/5/availability`,
          method: 'POST',
          body: pricing,
          headers: { Authorization: `Bearer ${service.testKey}`, 'Content-Type': 'application/json' },
        },
        'POST availability, 3 nights',
      ),
    );
    figures.push(await fullBookings(service.url, service.liveKey, service.testKey));
    return figures;
  } finally {
    await service.stopAndWait();
    rmSync(dir, { recursive: true, force: true });
  }
}
