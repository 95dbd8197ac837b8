import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { BrowserWindow, dialog } from './electron-stand-in';

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
