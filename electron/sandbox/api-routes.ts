import type { BookingService, Caller } from './booking-service';
import type { SuccessKind } from './dialect';

/** One endpoint of the spec: its method and path, whether it writes, the service call behind it, and what a success did. */
export type Route = {
  method: string;
  pattern: RegExp;
  write: boolean;
  run: (caller: Caller, match: RegExpExecArray, body: unknown, query: URLSearchParams) => Record<string, unknown>;
  /** What a success did; the dialect picks its HTTP status. */
  kind: SuccessKind | ((body: unknown) => SuccessKind);
};

const mintsToken = (body: unknown): SuccessKind =>
  typeof body === 'object' && body !== null && 'mode' in body && body.mode === 'prebook' ? 'token' : 'read';

/** Every endpoint of the spec on the service's calls. */
export function apiRoutes(service: BookingService): Route[] {
  const id = (match: RegExpExecArray) => Number(match[1]);
  return [
    {
      method: 'GET',
      pattern: /^\/packages$/,
      write: false,
      kind: 'read',
      run: (_caller, _match, _body, query) => service.search(query.get('title') ?? ''),
    },
    {
      method: 'POST',
      pattern: /^\/packages\/(\d{1,9})\/availability$/,
      write: false,
      kind: mintsToken,
      run: (caller, match, body) => service.availability(caller, id(match), body),
    },
    {
      method: 'POST',
      pattern: /^\/bookings\/prebook$/,
      write: true,
      kind: 'prebook',
      run: (caller, _match, body) => service.prebook(caller, body),
    },
    {
      method: 'POST',
      pattern: /^\/bookings\/(\d{1,9})\/book$/,
      write: true,
      kind: 'book',
      run: (caller, match, body) => service.book(caller, id(match), body),
    },
    {
      method: 'GET',
      pattern: /^\/bookings\/(\d{1,9})$/,
      write: false,
      kind: 'read',
      run: (caller, match) => service.getBooking(caller, id(match)),
    },
    {
      method: 'POST',
      pattern: /^\/bookings\/(\d{1,9})\/cancel$/,
      write: true,
      kind: 'read',
      run: (caller, match, body) => service.cancel(caller, id(match), body),
    },
    {
      method: 'POST',
      pattern: /^\/bookings\/(\d{1,9})\/modification\/preview$/,
      write: false,
      kind: 'read',
      run: (caller, match, body) => service.previewModification(caller, id(match), body),
    },
    {
      method: 'POST',
      pattern: /^\/bookings\/(\d{1,9})\/modification$/,
      write: true,
      kind: 'modification',
      run: (caller, match, body) => service.confirmModification(caller, id(match), body),
    },
  ];
}
