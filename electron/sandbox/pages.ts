/** The built-in service's own web pages: the 3-D Secure challenge and the modification payment page. */
import { escapeHtml } from '../../shared/escape-html';

export function formatMinor(amountMinor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amountMinor / 10 ** digits);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font-family: system-ui, sans-serif; background: #f1f3f5; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: white; border-radius: 12px; padding: 32px; width: 380px; box-shadow: 0 4px 24px #0002; }
  h1 { font-size: 20px; margin: 0 0 8px; } p { color: #495057; line-height: 1.5; }
  .amount { font-size: 28px; font-weight: 700; color: #212529; margin: 16px 0; }
  .bank { font-size: 12px; letter-spacing: .08em; text-transform: uppercase; color: #868e96; }
  form { display: flex; gap: 12px; margin-top: 24px; } button { flex: 1; font-size: 16px; padding: 12px; border-radius: 8px; border: 0; cursor: pointer; }
  .approve { background: #2f9e44; color: white; } .fail { background: #e9ecef; color: #c92a2a; }
  .done { color: #2f9e44; font-weight: 600; } .failed { color: #c92a2a; font-weight: 600; }
</style></head><body><main>${body}</main></body></html>`;
}

export function challengePage(intentId: string, clientSecret: string, amountMinor: number, currency: string): string {
  return page(
    '3-D Secure authentication',
    `<div class="bank">Training bank · 3-D Secure</div>
<h1>Confirm this payment</h1>
<p>The cardholder's bank asks them to confirm the payment. In training, choose what the cardholder does.</p>
<div class="amount" data-testid="challenge-amount">${escapeHtml(formatMinor(amountMinor, currency))}</div>
<form method="post" action="/sandbox/3ds/${encodeURIComponent(intentId)}">
  <input type="hidden" name="client_secret" value="${escapeHtml(clientSecret)}">
  <button class="fail" name="outcome" value="fail">Fail authentication</button>
  <button class="approve" name="outcome" value="approve" autofocus>Approve</button>
</form>`,
  );
}

export function challengeDonePage(outcome: 'approve' | 'fail'): string {
  return page(
    outcome === 'approve' ? 'Authentication complete' : 'Authentication failed',
    outcome === 'approve'
      ? '<h1 class="done" data-outcome="approved">Authentication complete</h1><p>You can close this window; Packdesk continues the payment.</p>'
      : '<h1 class="failed" data-outcome="failed">Authentication failed</h1><p>The payment was not made. Close this window and try another card.</p>',
  );
}

export function modificationPaymentPage(reference: string, secret: string, amountMinor: number, currency: string, paid: boolean): string {
  if (paid)
    return page(
      'Change paid',
      `<h1 class="done">Change ${escapeHtml(reference)} is paid</h1><p>The booking now has its new dates and rooms. You can close this page.</p>`,
    );
  return page(
    `Pay for change ${reference}`,
    `<div class="bank">Training payment page</div>
<h1>Pay for change ${escapeHtml(reference)}</h1>
<p>The change to this booking costs more than the original. Paying applies it.</p>
<div class="amount">${escapeHtml(formatMinor(amountMinor, currency))}</div>
<form method="post" action="/sandbox/pay/modification/${encodeURIComponent(reference)}?secret=${encodeURIComponent(secret)}"><button class="approve">Pay ${escapeHtml(formatMinor(amountMinor, currency))}</button></form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
