import { describe, expect, test } from 'vitest';
import { safeFileName } from '../../electron/core/file-names';
import { vouchersIpc } from '../../electron/core/ipc/vouchers-handlers';
import type { Ledger } from '../../electron/core/ledger/ledger';
import type { ProfileService } from '../../electron/core/profiles';
import { SPEC_STATUS_RULES } from '../../shared/status-rules';

const FALLBACK = 'voucher.pdf';

describe('a file name suggested from text the booking service sent', () => {
  test.each([
    ['voucher-PKD1234567.pdf', 'voucher-PKD1234567.pdf'],
    ['voucher-../../../.bashrc.pdf', 'voucher-..-..-..-.bashrc.pdf'],
    ['voucher-..\\..\\Windows\\System32\\x.pdf', 'voucher-..-..-Windows-System32-x.pdf'],
    ['../../etc/cron.d/job', 'etc-cron.d-job'],
    ['.pdf', 'pdf'],
    ['voucher-PKD\u0000\u0007\u001b[31m1.pdf', 'voucher-PKD-[31m1.pdf'],
    ['voucher-\u202Efdp.exe', 'voucher--fdp.exe'],
    ['voucher-A\r\nB.pdf', 'voucher-A-B.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['voucher-C:evil.pdf', 'voucher-C-evil.pdf'],
    ['voucher-PKD1. . .pdf', 'voucher-PKD1.pdf'],
  ])('%j becomes %j', (raw, expected) => {
    const name = safeFileName(raw, FALLBACK);
    expect(name).toBe(expected);
    expect(name).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
    expect(name.startsWith('.')).toBe(false);
  });

  test('a very long reference is cut, keeping the extension', () => {
    const name = safeFileName(`voucher-${'R'.repeat(500)}.pdf`, FALLBACK);
    expect(name).toHaveLength(120);
    expect(name.endsWith('R.pdf')).toBe(true);
  });

  test('a cut never splits a character', () => {
    const name = safeFileName(`voucher-${'😀'.repeat(200)}.pdf`, FALLBACK);
    expect(Array.from(name).length).toBe(120);
    expect(name).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
  });

  test.each(['', '...', '/', '\u0000', 'CON.pdf', 'nul', ' . '])('%j, with nothing usable left, gives the fallback', (raw) => {
    expect(safeFileName(raw, FALLBACK)).toBe(FALLBACK);
  });
});

describe('the voucher’s PDF', () => {
  /** The voucher channel over a ledger holding one paid booking whose reference the service chose. */
  async function suggestedFor(bookingReference: string): Promise<string> {
    const suggested: string[] = [];
    const handlers = vouchersIpc({
      ledger: { get: () => ({ id: 1, profileId: 1, status: 'Paid', bookingReference }) } as unknown as Ledger,
      profiles: { find: () => ({ statusRules: SPEC_STATUS_RULES }) } as unknown as ProfileService,
      pdfPrinter: {
        savePdf: async (name) => (suggested.push(name), null),
        saveDocumentPdf: () => Promise.reject(new Error('a voucher prints the page on screen')),
      },
    });
    await handlers['vouchers:save-pdf']({ bookingId: 1 });
    return suggested[0] ?? '';
  }

  test('is named after the booking reference', async () => {
    expect(await suggestedFor('PKD1234567')).toBe('voucher-PKD1234567.pdf');
  });

  test.each(['../../../../home/agent/.config/autostart/x', '..\\..\\AppData\\Roaming\\x', 'PKD\u0000\u202E1', `PKD${'9'.repeat(400)}`])(
    'a reference like %j names a file in the folder the agent picks, nothing else',
    async (reference) => {
      const name = await suggestedFor(reference);
      expect(name).toMatch(/^voucher-[^/\\\p{Cc}\p{Cf}]+\.pdf$/u);
      expect(name.length).toBeLessThanOrEqual(120);
    },
  );
});
