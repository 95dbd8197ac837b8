/**
 * The port that turns the voucher on screen into a PDF: Electron's printToPDF and a save dialog in
 * the app, Chromium's page.pdf in the browser tests. Resolves to where it was saved, or null when
 * the agent cancelled the dialog.
 */
export interface VoucherPrinter {
  savePdf(suggestedFileName: string): Promise<string | null>;
}
