import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '../../shared/api';
import { anyStringHoldsCardNumber } from '../../shared/card-number-screening';
import { ApiError, notFound } from './api-error';
import { apiRoutes } from './api-routes';
import type { Route } from './api-routes';
import type { BookingService } from './booking-service';
import type { TrainingControls } from './controls';
import { code } from './dialect';
import type { DialectTable } from './dialect';
import { faultAfterWork, faultBeforeWork } from './faults';
import { readBody, sendJson } from './http';
import { preciseNow } from './write-log';
import type { createWriteLog } from './write-log';

/** What the API's requests are served with. */
export interface ApiParts {
  service: BookingService;
  controls: TrainingControls;
  dialect: DialectTable;
  maxBodyBytes: number;
  writeLog: ReturnType<typeof createWriteLog>;
}

/** Serves one request of the spec's API (`path` without the API prefix): its route, the caller, the body, the training faults. */
export function apiRequests({ service, controls, dialect, maxBodyBytes, writeLog }: ApiParts) {
  const routes = apiRoutes(service);

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
    await faultBeforeWork(fault, controls);
    const match = route.pattern.exec(path) as RegExpExecArray;
    const result = route.run(caller, match, body, query);
    if (await faultAfterWork(fault, request)) return 'dropped';
    const kind = typeof route.kind === 'function' ? route.kind(body) : route.kind;
    sendJson(response, dialect.success[kind], dialect.shapes.envelope(result, `req_${code(16)}`));
    return String(dialect.success[kind]);
  }

  return async function handleApi(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
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
  };
}
