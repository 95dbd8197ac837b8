import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';

const words = defineMessages({
  pdfUnavailable: { id: 'error.files.pdfUnavailable.message', defaultMessage: 'This Packdesk cannot save PDFs.' },
  pdfUnavailableHint: { id: 'error.files.pdfUnavailable.hint', defaultMessage: 'Use Print and choose “Save as PDF” in the print dialog.' },
  saveUnavailable: { id: 'error.files.saveUnavailable.message', defaultMessage: 'This Packdesk cannot save files.' },
  saveUnavailableHint: {
    id: 'error.files.saveUnavailable.hint',
    defaultMessage:
      '{what, select, report {Export the report from the desktop app.} audit {Export the audit from the desktop app.} other {Export the bookings from the desktop app.}}',
  },
});

/** Where no PDF can be saved (a core without a screen): printing is the way. */
export const pdfUnavailable = (): AppError =>
  new AppError('pdf_unavailable', { message: words.pdfUnavailable }, { message: words.pdfUnavailableHint });

/** Where no file can be saved: the export is made from the desktop app. */
export const saveUnavailable = (what: 'report' | 'audit' | 'bookings'): AppError =>
  new AppError('save_unavailable', { message: words.saveUnavailable }, { message: words.saveUnavailableHint, values: { what } });
