import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '../../shared/api';
import { ApiError } from './api-error';
import { apiRequests } from './api-requests';
import type { ApiParts } from './api-requests';
import { controlRequests } from './control-requests';
import { dialectTable, renderError } from './dialect';
import { BodyTooLarge, sendHtml, sendJson } from './http';
import { pageRequests } from './page-requests';
import { messagePage } from './pages';

/** What the router serves with: the API's parts, the admin key of the controls, and the address the service listens at. */
export interface RouterParts extends ApiParts {
  adminKey: string;
  /** The service's own address, known once it listens. */
  publicUrl: () => string;
}

/**
 * The service's HTTP server: each request to the API, the training controls, the health check or a page, and
 * every refusal answered as the dialect says (the controls and pages always in the standard one).
 */
export function createRouter(parts: RouterParts): Server {
  const { controls, dialect, maxBodyBytes, publicUrl } = parts;
  const handleApi = apiRequests(parts);
  const handleControls = controlRequests(controls, parts.adminKey);
  const handlePages = pageRequests(parts.service, controls);

  const server = createServer((request, response) => {
    // A page on another site can point its own name at 127.0.0.1 (DNS rebinding) and then read this
    // service as same-origin; its requests still carry that name in Host, so only our own names pass.
    if (!isOwnHost(request.headers.host)) {
      sendJson(
        response,
        421,
        {
          error: 'misdirected_request',
          message: `This training service answers only at ${publicUrl()} (or localhost with the same port); the request named another server.`,
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
    const own = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, new URL(publicUrl()).host]);
    return host !== undefined && own.has(host.toLowerCase());
  }
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  return server;
}
