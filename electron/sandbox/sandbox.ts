import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { API_PREFIX } from '../../shared/api';
import { openDatabase } from '../core/database';
import { ApiError, notFound } from './api-error';
import { createOrganization, forgetOrganizationBookings, organizationFor, secret } from './organizations';
import type { OrganizationKeys } from './organizations';
import { createBookingService } from './booking-service';
import type { BookingService } from './booking-service';
import { anyStringHoldsCardNumber } from '../../shared/card-number-screening';
import { controlSettingsSchema, createControls, scriptedFaultSchema } from './controls';
import type { ControlSettings, TrainingControls } from './controls';
import { code, dialectTable, renderError } from './dialect';
import type { Dialect, DialectTable } from './dialect';
import { apiRoutes } from './api-routes';
import type { Route } from './api-routes';
import { BodyTooLarge, readBody, sendHtml, sendJson } from './http';
import { sandboxMigrations } from './migrations';
import { sameSecret } from './secret-compare';
import { createWriteLog, preciseNow } from './write-log';
import { challengeDonePage, challengePage, messagePage, modificationPaymentPage } from './pages';

export type { Dialect } from './dialect';

export interface SandboxOptions {
  /** The service's SQLite file; ':memory:' for a throw-away one. */
  dataFile: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  controls?: Partial<ControlSettings>;
  now?: () => number;
  maxBodyBytes?: number;
  /** How the service answers where the spec says "not shown"; chosen per start, never stored. Default 'standard'. */
  dialect?: Dialect;
}

export type { OrganizationKeys } from './organizations';

export interface Sandbox {
  url: string;
  /** The keys of the training organization every fresh service has. */
  keys: OrganizationKeys;
  /** Guards /sandbox/controls when the service runs on its own. */
  adminKey: string;
  controls: TrainingControls;
  service: BookingService;
  dialect: Dialect;
  createOrganization(name: string): OrganizationKeys;
  /** The organization kept under a label (a trainee's profile), made on first use; 'training' is the first one. */
  organizationFor(label: string): OrganizationKeys;
  /** Forgets every booking, offer and token of an organization (a fresh training day); returns how many bookings went. */
  forgetBookings(organizationId: number): number;
  close(): Promise<void>;
}

/** The first organization and the admin key, made once per data file and kept. */
function bootstrap(db: DatabaseSync): { keys: OrganizationKeys; adminKey: string } {
  const setting = (key: string) =>
    (db.prepare('SELECT value FROM service_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  if (!setting('training_org')) {
    const keys = createOrganization(db, 'Training Agency');
    db.prepare('INSERT INTO service_settings (key, value) VALUES (?, ?), (?, ?)').run(
      'training_org',
      JSON.stringify(keys),
      'admin_key',
      secret('sandbox_admin_'),
    );
  }
  return { keys: JSON.parse(setting('training_org') as string) as OrganizationKeys, adminKey: setting('admin_key') as string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the built-in Package Booking Service on loopback. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const db = openDatabase(options.dataFile, sandboxMigrations);
  const { keys, adminKey } = bootstrap(db);
  const dialect: DialectTable = dialectTable(options.dialect);
  const controls = createControls({ tokenLifetimeMs: dialect.tokenLifetimeMs, ...options.controls });
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  let publicUrl = '';
  const service = createBookingService(db, controls, {
    publicUrl: () => publicUrl,
    dialect: dialect.name,
    ...(options.now ? { now: options.now } : {}),
  });
  const routes = apiRoutes(service);

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
  // Bookings that were confirming when the service stopped are settled now or when due.
  service.settleDue();
  for (const due of service.confirmationsDue()) settleLater(Math.max(0, Date.parse(due) - Date.now()));

  const writeLog = createWriteLog(db);

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const receivedAt = preciseNow();
    const method = request.method ?? 'GET';
    const candidates = routes.filter((candidate) => candidate.pattern.test(path));
    if (candidates.length === 0) throw notFound(`${API_PREFIX}${path}`);
    const route = candidates.find((candidate) => candidate.method === method);
    if (!route)
      throw new ApiError(
        'method_not_allowed',
        `${method} is not allowed here; use ${candidates.map((candidate) => candidate.method).join(' or ')}.`,
      );
    const serve = () => serveApi(route, request, response, path, query);
    if (route.write && controls.current.logWrites) await writeLog.around(path, receivedAt, serve);
    else await serve();
  }

  /** One API request on its route; what became of it: the HTTP status of its answer, or 'dropped' (a lost answer). */
  async function serveApi(
    route: Route,
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<string> {
    const method = request.method ?? 'GET';
    // Who is calling comes first: a stranger's request neither triggers nor uses up a training fault.
    const caller = service.authenticate(request.headers.authorization);
    const fault = controls.faultFor(method, `${API_PREFIX}${path}`, route.write);

    let body: unknown = undefined;
    if (method === 'POST') {
      const text = await readBody(request, maxBodyBytes);
      try {
        body = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
      } catch {
        throw new ApiError('invalid_json', 'The request body is not valid JSON.', {
          fields: [{ field: '(body)', problem: 'is not valid JSON' }],
        });
      }
      // Checked before anything else reads the body, so a card number is never stored or logged.
      if (anyStringHoldsCardNumber(body)) {
        throw new ApiError(
          'raw_card',
          'A card number was sent. This service never accepts card numbers; send a payment method token (pm_…) created by Stripe.js.',
        );
      }
    }
    // Slowness comes after the request is read: the work still lands when the client has given up waiting.
    if (controls.current.latencyMs > 0) await sleep(controls.current.latencyMs);
    if (fault.kind === 'delay') await sleep(fault.delayMs ?? 1000);
    if (fault.kind === 'error')
      throw new ApiError(
        'unavailable',
        'The service is temporarily unavailable (training fault).',
        fault.status ? { status: fault.status } : {},
      );
    if (fault.kind === 'rate_limit') {
      throw new ApiError('rate_limited', 'Too many requests (training fault); retry after the delay in Retry-After.', {
        retryAfterSeconds: controls.current.retryAfterSeconds,
      });
    }
    const match = route.pattern.exec(path) as RegExpExecArray;
    const result = route.run(caller, match, body, query);
    if (fault.kind === 'delay_answer') await sleep(fault.delayMs ?? 1000);
    if (fault.kind === 'drop_after_commit') {
      // The change is committed; the answer is lost on the way, as on a bad network.
      request.socket.destroy();
      return 'dropped';
    }
    const kind = typeof route.kind === 'function' ? route.kind(body) : route.kind;
    sendJson(response, dialect.success[kind], dialect.shapes.envelope(result, `req_${code(16)}`));
    return String(dialect.success[kind]);
  }

  async function handlePages(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const form = request.method === 'POST' ? new URLSearchParams(await readBody(request, 8 * 1024)) : new URLSearchParams();
    const challenge = /^\/sandbox\/3ds\/(pi_[a-f0-9]{1,64})$/.exec(path);
    if (challenge) {
      const intentId = challenge[1] as string;
      if (request.method === 'POST') {
        // In the trainer's "cardholder fails" scenario the bank refuses whatever the cardholder does.
        const approved = form.get('outcome') === 'approve' && controls.current.cardOutcome !== 'authentication_fails';
        const outcome = approved ? 'approve' : 'fail';
        service.completeChallenge(intentId, form.get('client_secret') ?? '', outcome);
        sendHtml(response, 200, challengeDonePage(outcome));
        return;
      }
      const intent = service.challenge(intentId, query.get('client_secret') ?? '');
      if (intent.status !== 'requires_action') {
        sendHtml(response, 200, challengeDonePage(intent.status === 'failed' ? 'fail' : 'approve'));
        return;
      }
      sendHtml(response, 200, challengePage(intentId, intent.client_secret, intent.amountMinor, intent.currency));
      return;
    }
    const payment = /^\/sandbox\/pay\/modification\/(MOD[A-Z0-9]{1,20})$/.exec(path);
    if (payment) {
      const reference = payment[1] as string;
      // The link's secret, as the service gave it: a reference alone opens nothing.
      const secret = query.get('secret') ?? '';
      if (request.method === 'POST') service.payModification(reference, secret);
      const modification = service.modificationForPayment(reference, secret);
      sendHtml(
        response,
        200,
        modificationPaymentPage(reference, secret, modification.net_diff, modification.currency, modification.status === 'completed'),
      );
      return;
    }
    throw notFound('This page');
  }

  async function handleControls(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${adminKey}`))
      throw new ApiError('unauthenticated', 'The training controls need the admin key printed when the service started.');
    if (path === '/sandbox/controls' && request.method === 'GET') {
      sendJson(response, 200, { data: controls.current });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request, 16 * 1024)) as unknown;
    } catch {
      throw new ApiError('invalid_json', 'The request body is not valid JSON.');
    }
    if (path === '/sandbox/controls' && request.method === 'PUT') {
      const parsed = controlSettingsSchema.partial().safeParse(body);
      if (!parsed.success) throw new ApiError('invalid_fields', parsed.error.issues[0]?.message ?? 'Invalid controls.');
      sendJson(response, 200, { data: controls.update(parsed.data) });
      return;
    }
    if (path === '/sandbox/faults' && request.method === 'POST') {
      const parsed = scriptedFaultSchema.array().max(1000).safeParse(body);
      if (!parsed.success) throw new ApiError('invalid_fields', parsed.error.issues[0]?.message ?? 'Invalid faults.');
      controls.queueFaults(parsed.data);
      sendJson(response, 200, { data: { queued: controls.pendingFaults() } });
      return;
    }
    throw notFound('This control');
  }

  const server = createServer((request, response) => {
    // A page on another site can point its own name at 127.0.0.1 (DNS rebinding) and then read this
    // service as same-origin; its requests still carry that name in Host, so only our own names pass.
    if (!isOwnHost(request.headers.host)) {
      sendJson(
        response,
        421,
        {
          error: 'misdirected_request',
          message: `This training service answers only at ${publicUrl} (or localhost with the same port); the request named another server.`,
        },
        { Connection: 'close' },
      );
      return;
    }
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname;
    const work = path.startsWith(`${API_PREFIX}/`)
      ? handleApi(request, response, path.slice(API_PREFIX.length), url.searchParams)
      : path === '/sandbox/controls' || path === '/sandbox/faults'
        ? handleControls(request, response, path)
        : path === '/sandbox/health'
          ? Promise.resolve().then(() => {
              sendJson(response, 200, { ok: true });
            })
          : handlePages(request, response, path, url.searchParams);
    work.catch((error: unknown) => {
      const failure =
        error instanceof ApiError
          ? error
          : error instanceof BodyTooLarge
            ? new ApiError('payload_too_large', `The request body is larger than ${maxBodyBytes} bytes.`)
            : new ApiError('internal', 'The service failed to handle this request.');
      if (error instanceof BodyTooLarge) response.setHeader('Connection', 'close');
      // The training controls are Packdesk's own, not the contract: they always answer in the standard dialect.
      const answer = renderError(path.startsWith(`${API_PREFIX}/`) ? dialect : dialectTable('standard'), failure);
      const retryAfter = failure.reason === 'rate_limited' ? { 'Retry-After': String(controls.current.retryAfterSeconds) } : undefined;
      if (path.startsWith('/sandbox/') && !path.startsWith('/sandbox/controls') && !path.startsWith('/sandbox/faults')) {
        if (!response.headersSent) sendHtml(response, answer.status, messagePage('This page cannot be shown', failure.message));
        return;
      }
      sendJson(response, answer.status, answer.body, retryAfter);
    });
  });
  /** The Host header of a request meant for this service: its own address, or a loopback name, with its port. */
  function isOwnHost(host: string | undefined): boolean {
    const { port } = server.address() as AddressInfo;
    const own = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, new URL(publicUrl).host]);
    return host !== undefined && own.has(host.toLowerCase());
  }
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  let closed = false;
  publicUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  return {
    url: publicUrl,
    keys,
    adminKey,
    controls,
    service,
    dialect: dialect.name,
    createOrganization: (name) => createOrganization(db, name),
    organizationFor: (label) => organizationFor(db, label, keys),
    forgetBookings: (organizationId) => forgetOrganizationBookings(db, organizationId),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
