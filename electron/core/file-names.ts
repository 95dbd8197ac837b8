/** Names for files Packdesk suggests saving, made safe whatever text went into them. */

const LONGEST_NAME = 120;
// Path separators, the characters Windows refuses in a name, and anything invisible: controls,
// bidirectional overrides that make "voucher-‮fdp.exe" read as a PDF, line separators.
const NOT_IN_A_NAME = /[/\\<>:"|?*\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;
// Names Windows keeps for devices, whatever their extension.
const DEVICE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A file name (never a path) for the save dialog to suggest, from text that may come from the
 * booking service: no separators, no control or invisible characters, no leading dots, at most
 * 120 characters with its extension kept. Empty or unusable text gives `fallback`.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(NOT_IN_A_NAME, '-')
    .replace(/\s+/g, ' ')
    // A leading dot hides the file (and "..": a way up); Windows drops trailing dots and spaces.
    .replace(/^[\s.-]+|[\s.]+$/g, '');
  const extension = /\.[\p{L}\p{N}]{1,8}$/u.exec(cleaned)?.[0] ?? '';
  const stem = cleaned.slice(0, cleaned.length - extension.length).replace(/[\s.]+$/, '');
  if (!stem || DEVICE_NAMES.test(stem)) return fallback;
  // Cut by code points, so a cut never splits a character in two.
  const kept = Array.from(stem)
    .slice(0, LONGEST_NAME - extension.length)
    .join('')
    .replace(/[\s.]+$/, '');
  return `${kept}${extension}`;
}
