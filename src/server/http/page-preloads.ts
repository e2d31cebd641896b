import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The app's screens are chunks the browser only discovers by running the chunk before them (entry → business
// app → till): one round trip each, 400 ms apiece on a slow 3G line. The server knows from the address which
// screen a page will show, so it names that screen's chunks in index.html and the browser fetches them all at
// once, in parallel with the entry.

type ManifestChunk = { file: string; imports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** Address prefixes and the screens (Vite manifest keys, sources under src/web) a page there shows first. */
const PAGE_CHUNKS: [prefix: string, keys: string[]][] = [
  ['/app/pos', ['features/business-app/index.tsx', 'features/pos/index.tsx']],
  ['/app', ['features/business-app/index.tsx']],
];

/** The build's manifest (vite.config.ts writes it), or null without one. */
export function readManifest(root: string): Manifest | null {
  const path = resolve(root, '.vite/manifest.json');
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The script files of these chunks and everything they import statically, minus those already in the page. */
function closure(manifest: Manifest, keys: string[], exclude: Set<string>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!exclude.has(chunk.file) && chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** Which group of preloads a page path gets: an index into PAGE_CHUNKS, or -1 for none. */
export function preloadGroup(path: string): number {
  return PAGE_CHUNKS.findIndex(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * index.html for each group of PAGE_CHUNKS, with `<link rel="modulepreload">` for the chunks that group's
 * first screen needs (the entry's own are already in the page). The same attributes as Vite's own preloads,
 * so the browser reuses what it fetched.
 */
export function pagesWithPreloads(html: string, manifest: Manifest | null): string[] {
  if (!manifest) return PAGE_CHUNKS.map(() => html);
  const inPage = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] as string),
  );
  return PAGE_CHUNKS.map(([, keys]) => {
    const links = closure(manifest, keys, inPage)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    return html.replace('</head>', `${links}</head>`);
  });
}
