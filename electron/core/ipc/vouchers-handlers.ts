import { defineMessages } from '../../../shared/i18n/messages';
import { isConfirmedStatus } from '../../../shared/status-rules';
import { AppError } from '../app-error';
import { safeFileName } from '../file-names';
import type { Ledger } from '../ledger/ledger';
import type { PdfPrinter } from '../pdf-printer';
import type { ProfileService } from '../profiles';
import { pdfUnavailable } from './file-refusals';
import type { AreaHandlers } from './handlers';

const words = defineMessages({
  notReady: { id: 'error.voucher.notReady.message', defaultMessage: 'A voucher exists only for a paid, confirmed booking.' },
  notReadyHint: { id: 'error.voucher.notReady.hint', defaultMessage: 'Wait until the booking shows Paid.' },
});

export interface VouchersIpcDeps {
  ledger: Ledger;
  profiles: ProfileService;
  pdfPrinter: PdfPrinter | undefined;
}

/** A paid booking's voucher, saved as a PDF. */
export function vouchersIpc({ ledger, profiles, pdfPrinter }: VouchersIpcDeps): AreaHandlers<'vouchers:save-pdf'> {
  return {
    'vouchers:save-pdf': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking?.bookingReference || !isConfirmedStatus(booking.status, profiles.find(booking.profileId).statusRules)) {
        throw new AppError('voucher_not_ready', { message: words.notReady }, { message: words.notReadyHint });
      }
      if (!pdfPrinter) throw pdfUnavailable();
      // The reference is the service's text: it may not steer where, or under what name, the file goes.
      return { path: await pdfPrinter.savePdf(safeFileName(`voucher-${booking.bookingReference}.pdf`, 'voucher.pdf')) };
    },
  };
}
