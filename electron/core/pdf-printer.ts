/**
 * The port that turns the page on screen (a voucher, a trainee's report) into a PDF: Electron's
 * printToPDF and a save dialog in the app, Chromium's page.pdf in the browser tests. Resolves to
 * where it was saved, or null when the agent cancelled the dialog.
 */
export interface PdfPrinter {
  savePdf(suggestedFileName: string): Promise<string | null>;
}
