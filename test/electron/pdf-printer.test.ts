import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { BrowserWindow, dialog, session, StandInWebContents } from './electron-stand-in';

vi.mock('electron', () => import('./electron-stand-in'));
const { electronPdfPrinter } = await import('../../electron/main/pdf-printer');

describe('the voucher as a PDF in the app', () => {
  test('prints the window to A4 with its backgrounds and saves it where the agent chose', async () => {
    const window = new BrowserWindow({});
    const target = join(mkdtempSync(join(tmpdir(), 'packdesk-voucher-')), 'voucher-PKD1234567.pdf');
    dialog.next = { canceled: false, filePath: target };
    expect(await electronPdfPrinter(() => window as never).savePdf('voucher-PKD1234567.pdf')).toBe(target);
    expect(window.webContents.printed).toEqual([{ printBackground: true, pageSize: 'A4' }]);
    expect(dialog.asked.at(-1)).toMatchObject({
      defaultPath: '/home/agent/Documents/voucher-PKD1234567.pdf',
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 stand-in');
  });

  test('the name it is given stays a name: the dialog opens in Documents, never where a path in it points', async () => {
    dialog.next = { canceled: true, filePath: undefined };
    await electronPdfPrinter(() => new BrowserWindow({}) as never).savePdf('voucher-../../.config/autostart/x.pdf');
    expect(dialog.asked.at(-1)).toMatchObject({ defaultPath: '/home/agent/Documents/voucher-..-..-.config-autostart-x.pdf' });
  });

  test('a cancelled save dialog saves nothing', async () => {
    dialog.next = { canceled: true, filePath: undefined };
    expect(await electronPdfPrinter(() => new BrowserWindow({}) as never).savePdf('voucher-X.pdf')).toBeNull();
  });
});

describe('a long report printed as a document of its own', () => {
  const html = '<!doctype html><html><body><h2>End-of-day report</h2><img src="https://tracker.example/pixel"></body></html>';

  test('a hidden window with scripts off loads the document alone, prints it to A4, and is closed; the file is gone after', async () => {
    const app = new BrowserWindow({});
    const target = join(mkdtempSync(join(tmpdir(), 'packdesk-report-')), 'report.pdf');
    dialog.next = { canceled: false, filePath: target };
    // What the print session let through while the document printed: the document itself, and nothing else.
    const letThrough: Record<string, boolean> = {};
    const print = vi.spyOn(StandInWebContents.prototype, 'printToPDF').mockImplementation(function (this: StandInWebContents) {
      const documentSession = session.fromPartition('print-documents');
      letThrough.document = documentSession.lets(this.loadedUrl ?? '');
      letThrough.pixel = documentSession.lets('https://tracker.example/pixel');
      letThrough.otherFile = documentSession.lets('file:///etc/passwd');
      return Promise.resolve(Buffer.from('%PDF-1.7 document'));
    });
    try {
      expect(await electronPdfPrinter(() => app as never).saveDocumentPdf('packdesk-live-end-of-day-2026-11-27.pdf', html)).toBe(target);
    } finally {
      print.mockRestore();
    }
    const printer = BrowserWindow.created.at(-1);
    if (!printer || printer === app) throw new Error('no window was made for the document');
    expect(printer.options).toMatchObject({ show: false, webPreferences: { javascript: false, sandbox: true, contextIsolation: true } });
    expect(printer.loadedFileText).toBe(html);
    expect(printer.isDestroyed()).toBe(true);
    expect(existsSync(fileURLToPath(printer.webContents.loadedUrl ?? 'file:///nowhere'))).toBe(false);
    expect(letThrough).toEqual({ document: true, pixel: false, otherFile: false });
    // Once printed, not even the document's own address loads in that session.
    expect(session.fromPartition('print-documents').lets(printer.webContents.loadedUrl ?? '')).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 document');
    expect(dialog.asked.at(-1)).toMatchObject({ defaultPath: '/home/agent/Documents/packdesk-live-end-of-day-2026-11-27.pdf' });
  });

  test('a cancelled save dialog saves nothing, and the printing window is closed all the same', async () => {
    dialog.next = { canceled: true, filePath: undefined };
    expect(await electronPdfPrinter(() => new BrowserWindow({}) as never).saveDocumentPdf('report.pdf', html)).toBeNull();
    expect(BrowserWindow.created.at(-1)?.isDestroyed()).toBe(true);
  });
});
