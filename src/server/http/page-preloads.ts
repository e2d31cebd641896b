import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TILL_FIRST_PRODUCTS_PATH } from '#domain/early-reads.ts';

// The app's screens are chunks the browser only discovers by running the chunk before them (entry → business
// app → till): one round trip each, 400 ms apiece on a slow 3G line. The server knows from the address which
// screen a page will show, so it names that screen's chunks in index.html and the browser fetches them all at
// once, in parallel with the entry.

type ManifestChunk = { file: string; imports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

// The same goes for the page's first reads: the business, who is signed in, and at the till its first products
// are asked only once the scripts have arrived and run (seconds on a slow line). The page names them and starts
// them itself (index.html, "early-reads"); the app takes each answer once (src/web/lib/early-reads.ts).
const BUSINESS_APP_READS = ['/api/v1/public/business', '/api/v1/session'];

/**
 * Address prefixes, the screens (Vite manifest keys, sources under src/web) a page there shows first, and the
 * reads it asks first.
 */
const PAGES: { prefix: string; chunks: string[]; reads: string[] }[] = [
  {
    prefix: '/app/pos',
    chunks: ['app/composed-business-app.tsx', 'features/pos/index.tsx'],
    reads: [...BUSINESS_APP_READS, TILL_FIRST_PRODUCTS_PATH],
  },
  { prefix: '/app', chunks: ['app/composed-business-app.tsx'], reads: BUSINESS_APP_READS },
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

/** Which group of preloads a page path gets: an index into PAGES, or -1 for none. */
export function preloadGroup(path: string): number {
  return PAGES.findIndex(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The API paths a page of this group reads first (none for the public site). */
export function earlyReads(group: number): string[] {
  return PAGES[group]?.reads ?? [];
}

/**
 * index.html for each group of PAGES, with `<link rel="modulepreload">` for the chunks that group's
 * first screen needs (the entry's own are already in the page). The same attributes as Vite's own preloads,
 * so the browser reuses what it fetched.
 */
export function pagesWithPreloads(html: string, manifest: Manifest | null): string[] {
  if (!manifest) return PAGES.map(() => html);
  const inPage = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] as string),
  );
  return PAGES.map(({ chunks }) => {
    const links = closure(manifest, chunks, inPage)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    return html.replace('</head>', `${links}</head>`);
  });
}
