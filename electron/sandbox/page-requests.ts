import type { IncomingMessage, ServerResponse } from 'node:http';
import { notFound } from './api-error';
import type { BookingService } from './booking-service';
import type { TrainingControls } from './controls';
import { readBody, sendHtml } from './http';
import { challengeDonePage, challengePage, modificationPaymentPage } from './pages';

/** Serves the service's own web pages: the 3-D Secure challenge and the modification payment page. */
export function pageRequests(service: BookingService, controls: TrainingControls) {
  return async function handlePages(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
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
  };
}
