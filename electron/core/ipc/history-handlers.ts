import { isConfirmedStatus } from '../../../shared/status-rules';
import { AppError } from '../app-error';
import { safeFileName } from '../file-names';
import type { Ledger } from '../ledger/ledger';
import type { ProfileService } from '../profiles';
import type { VoucherPrinter } from '../voucher-printer';
import type { AreaHandlers } from './handlers';

export interface HistoryIpcDeps {
  ledger: Ledger;
  profiles: ProfileService;
  voucherPrinter: VoucherPrinter | undefined;
  /** This counter's name in its agency (null outside one), for the CSV's Counter column. */
  counterName: () => string | null;
}

type HistoryChannel = 'history:list' | 'history:version' | 'history:get' | 'history:export' | 'history:attention' | 'vouchers:save-pdf';

/** The counter's history, read from the ledger alone (offline too), and a paid booking's voucher. */
export function historyIpc({ ledger, profiles, voucherPrinter, counterName }: HistoryIpcDeps): AreaHandlers<HistoryChannel> {
  return {
    'history:list': async (input) => ledger.list(input),
    'history:version': async () => ({ version: ledger.version() }),
    'history:get': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking)
        throw new AppError(
          'booking_not_found',
          `There is no booking ${input.bookingId} in this counter’s history.`,
          'Search for it in Bookings.',
        );
      return { booking, timeline: ledger.timeline(booking.id) };
    },
    'history:export': async (input) => {
      const { csv, rows } = ledger.exportCsv(input, { counterName: counterName() });
      const profile = profiles.find(input.profileId);
      const stamp = new Date().toISOString().slice(0, 10);
      return { fileName: `packdesk-${profile.kind}-bookings-${stamp}.csv`, csv, rows };
    },
    'history:attention': async (input) => ledger.needingAttention(input.profileId),
    'vouchers:save-pdf': async (input) => {
      const booking = ledger.get(input.bookingId);
      if (!booking?.bookingReference || !isConfirmedStatus(booking.status, profiles.find(booking.profileId).statusRules)) {
        throw new AppError(
          'voucher_not_ready',
          'A voucher exists only for a paid, confirmed booking.',
          'Wait until the booking shows Paid.',
        );
      }
      if (!voucherPrinter)
        throw new AppError('pdf_unavailable', 'This Packdesk cannot save PDFs.', 'Use Print and choose “Save as PDF” in the print dialog.');
      // The reference is the service's text: it may not steer where, or under what name, the file goes.
      return { path: await voucherPrinter.savePdf(safeFileName(`voucher-${booking.bookingReference}.pdf`, 'voucher.pdf')) };
    },
  };
}
