import { isConfirmedStatus } from '../../../shared/status-rules';
import { AppError } from '../app-error';
import { safeFileName } from '../file-names';
import type { Ledger } from '../ledger/ledger';
import type { PdfPrinter } from '../pdf-printer';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

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
        throw new AppError(
          'voucher_not_ready',
          'A voucher exists only for a paid, confirmed booking.',
          'Wait until the booking shows Paid.',
        );
      }
      if (!pdfPrinter)
        throw new AppError('pdf_unavailable', 'This Packdesk cannot save PDFs.', 'Use Print and choose “Save as PDF” in the print dialog.');
      // The reference is the service's text: it may not steer where, or under what name, the file goes.
      return { path: await pdfPrinter.savePdf(safeFileName(`voucher-${booking.bookingReference}.pdf`, 'voucher.pdf')) };
    },
  };
}
