/**
 * A report printed as a document of its own, away from the app's page: main writes it from the
 * ledger, with one small stylesheet for paper. Its policy lets it run nothing and fetch nothing (the
 * names in it came from travelers and the service), and the window that prints it has scripts off and
 * every request refused.
 */

import { escapeHtml } from '../../../shared/escape-html';

const POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const PAPER_STYLES = `
@page { size: A4; margin: 14mm 12mm; }
body { margin: 0; font: 10pt/1.35 system-ui, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: #212529; }
h1 { font-size: 16pt; margin: 0 0 4px; }
h2 { font-size: 12pt; margin: 16px 0 6px; }
p { margin: 0 0 6px; }
.dimmed { color: #495057; }
table { border-collapse: collapse; margin-bottom: 8px; font-size: 9pt; }
th, td { padding: 2px 8px; border-bottom: 1px solid #ced4da; text-align: left; }
th { font-weight: 700; }
.amount { text-align: right; font-variant-numeric: tabular-nums; }
.listing { font: 8pt/1.25 'DejaVu Sans Mono', Menlo, Consolas, monospace; margin: 8px 0 0; white-space: pre; }
.listing + .listing { break-before: page; }
.columns { display: flex; gap: 24px; align-items: flex-start; }
.signature { display: flex; gap: 48px; margin-top: 48px; break-inside: avoid; }
`;

/** The whole HTML document: its language, title, the policy that lets it run and fetch nothing, the paper styles, its body (already escaped). */
export function printDocument(title: string, body: string, language: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<title>${escapeHtml(title)}</title>
<style>${PAPER_STYLES}</style>
</head><body>${body}</body></html>`;
}
