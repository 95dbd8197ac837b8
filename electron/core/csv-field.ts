/**
 * A CSV field, quoted when needed, and defused so a spreadsheet never runs it as a formula: text
 * starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV with a header line, CRLF between lines as spreadsheets expect. */
export function csvLines<T>(columns: readonly (readonly [string, (row: T) => string | number | null])[], rows: readonly T[]): string {
  const lines = [
    columns.map(([name]) => csvField(name)).join(','),
    ...rows.map((row) => columns.map(([, value]) => csvField(value(row))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
