import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './figures';

const RENDERER = 'out/renderer';
/** Issue 29's target for the renderer's JS before the first screen, gzipped (it was 250 KB). */
const TARGET_KB = 200;

/** The scripts index.html has the browser load before anything shows: its module scripts and modulepreload links. */
function eagerScripts(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g),
  ].map((match) => (match[1] as string).replace(/^\.\//, ''));
  return [...new Set(sources)];
}

const gzipKb = (content: Buffer) => gzipSync(content, { level: 9 }).length / 1024;

/** Renderer JS loaded before the first screen, gzipped, from the build this run made. */
export function measureRendererSize(): Figure {
  const eager = eagerScripts(readFileSync(join(RENDERER, 'index.html'), 'utf8'));
  const contents = eager.map((file) => readFileSync(join(RENDERER, file)));
  const gzipped = contents.reduce((sum, content) => sum + gzipKb(content), 0);
  const raw = contents.reduce((sum, content) => sum + content.length / 1024, 0);
  const allScripts = readdirSync(join(RENDERER, 'assets')).filter((file) => file.endsWith('.js'));
  const allGzipped = allScripts.reduce((sum, file) => sum + gzipKb(readFileSync(join(RENDERER, 'assets', file))), 0);
  return {
    name: 'renderer JS loaded before the first screen, gzip',
    value: gzipped,
    unit: 'KB',
    target: `≤ ${TARGET_KB} KB`,
    reference: `${eager.length} eager ${eager.length === 1 ? 'script' : 'scripts'} (${Math.round(raw)} KB raw); every script of the renderer, loaded on demand included: ${allScripts.length} files, ${Math.round(allGzipped)} KB gzip`,
    pass: gzipped <= TARGET_KB,
    ...(gzipped <= TARGET_KB ? {} : { why: `index.html loads ${eager.join(', ')} before the first screen` }),
  };
}
