// What a browser downloads: gzip and brotli sizes of the built web app's chunks, and the total a till
// needs before it can ring up a sale (entry + CSS + business app shell + till chunk).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
// @ts-expect-error: a plain ESM script shared with npm start
import { ensureWebBuild } from '../scripts/web-build.mjs';

ensureWebBuild();
const dir = 'dist/web/assets';
const rows = readdirSync(dir)
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => {
    const bytes = readFileSync(join(dir, file));
    return {
      file,
      raw: statSync(join(dir, file)).size,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes).length,
    };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log(`${'chunk'.padEnd(44)}${'raw'.padStart(12)}${'gzip'.padStart(12)}${'brotli'.padStart(12)}`);
for (const row of rows) {
  console.log(
    `${row.file.padEnd(44)}${kb(row.raw).padStart(12)}${kb(row.gzip).padStart(12)}${kb(row.brotli).padStart(12)}`,
  );
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync('dist/web/.vite/manifest.json', 'utf8'),
);
const gzipOf = new Map(rows.map((row) => [`assets/${row.file}`, row.gzip]));
const brotliOf = new Map(rows.map((row) => [`assets/${row.file}`, row.brotli]));

/** Every file a page needs: the chunk, its static imports (transitively) and their CSS. */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}
const total = (files: Set<string>, sizes = gzipOf) =>
  [...files].reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);
// issue 14: the till's JavaScript and CSS before it can sell, gzipped.
const TILL_TARGET = 180 * 1024;

const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
const pages: [string, string[]][] = [
  ['first paint (entry + CSS)', entry],
  ['public site', [...entry, 'features/public-site/index.tsx']],
  ['business app shell', [...entry, 'app/composed-business-app.tsx']],
  ['till ready to sell', [...entry, 'app/composed-business-app.tsx', 'features/pos/index.tsx']],
];
console.log('');
for (const [label, keys] of pages) {
  const missing = keys.filter((key) => !manifest[key]);
  if (missing.length > 0) {
    console.log(`${label.padEnd(30)} (not built: ${missing.join(', ')})`);
    continue;
  }
  const files = closure(keys);
  const bytes = total(files);
  // About 400 kbit/s: a mobile connection on a busy evening, after overheads.
  console.log(
    `${label.padEnd(30)}${kb(bytes).padStart(10)} gzip ${kb(total(files, brotliOf)).padStart(10)} brotli  ${String(files.size).padStart(3)} files  ≈ ${((bytes * 8) / 400_000).toFixed(1)} s at 400 kbit/s (gzip)`,
  );
  if (label === 'till ready to sell') {
    console.log(
      `\nTarget: till ready to sell < ${kb(TILL_TARGET)} gzip: ${kb(bytes)} = ${(bytes / TILL_TARGET).toFixed(2)} × target — ${bytes < TILL_TARGET ? 'met' : 'NOT met'}`,
    );
  }
}
