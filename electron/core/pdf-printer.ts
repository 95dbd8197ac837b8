/**
 * The port that turns a page into a PDF saved where the agent says: Electron's printToPDF and a save
 * dialog in the app, Chromium's page.pdf in the browser tests. Each resolves to where it was saved,
 * or null when the agent cancelled the dialog.
 */
export interface PdfPrinter {
  /** The page on screen (a voucher, a trainee's report), its print styles hiding the app around it. */
  savePdf(suggestedFileName: string): Promise<string | null>;
  /** A whole HTML document of its own (a long report), printed away from the app's page with scripts off and no request let out. */
  saveDocumentPdf(suggestedFileName: string, html: string): Promise<string | null>;
}
