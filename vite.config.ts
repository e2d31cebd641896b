import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from './scripts/precompress.ts';

// The server writes the product domain into index.html when it serves it; the dev server does the same
// so that the SPA can tell a business subdomain from the public site without a round trip.
function appDomainMeta(): Plugin {
  return {
    name: 'app-domain-meta',
    apply: 'serve',
    // No early reads: the dev server's pages are not the server's (src/server/http/page-preloads.ts).
    transformIndexHtml: (html) =>
      html.replace('__APP_DOMAIN__', process.env.APP_DOMAIN ?? 'localhost').replace('__EARLY_READS__', ''),
  };
}

// Brotli and gzip copies of every text file, written once at build time; the server picks one per request.
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the public files are copied and every chunk is written.
    closeBundle: () => {
      precompressDir(outDir);
    },
  };
}

// The service worker (src/web/pwa/service-worker.js) with this build's id and every file it must keep so that
// the till opens with no network: the built chunks and styles, and the public files (icons, manifest).
function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved: (config) => {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter(
        (name) => name !== 'index.html' && !name.endsWith('.map') && !name.startsWith('.vite/'),
      );
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((entry) => {
          const path = join(dir, entry);
          return statSync(path).isDirectory()
            ? walk(path)
            : [relative(publicDir, path).replaceAll('\\', '/')];
        });
      const files = [...built, ...walk(publicDir)].map((name) => `/${name}`).sort();
      const template = readFileSync(new URL('./src/web/pwa/service-worker.js', import.meta.url), 'utf8');
      const build = createHash('sha256')
        .update(`${files.join('\n')}\n${template}`)
        .digest('hex')
        .slice(0, 12);
      const source = template
        .replace('__BUILD_ID__', build)
        .replace('__PRECACHE_FILES__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

// Rollup leaves a lazily loaded screen without a facade when its chunk also holds code that the screen's own
// lazy parts import; Vite's manifest then names that chunk `_index-<hash>.js` instead of by its source. The
// server's page preloads (src/server/http/page-preloads.ts) and bench/bundle-size.bench.ts look screens up by
// source, so each such chunk is also listed under the sources of the screens it holds.
function manifestScreenKeys(): Plugin {
  let root = '';
  let outDir = '';
  const keys = new Map<string, string>();
  return {
    name: 'manifest-screen-keys',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry || chunk.facadeModuleId) continue;
        for (const id of chunk.moduleIds) {
          const isScreen = (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
          if (isScreen && id.startsWith(root)) keys.set(relative(root, id), `_${basename(chunk.fileName)}`);
        }
      }
    },
    writeBundle() {
      const path = join(outDir, '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(path, 'utf8'));
      for (const [source, key] of keys) {
        if (!manifest[source] && manifest[key]) manifest[source] = { ...manifest[key], src: source };
      }
      writeFileSync(path, JSON.stringify(manifest, null, 2));
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), appDomainMeta(), serviceWorker(), manifestScreenKeys(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // bench/bundle-size.bench.ts reads the import graph from it.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // Each icon module ends in `const Icon = createLucideIcon(data)` after a bare `data.node;`, and Rollup took both
      // for side effects. A chunk with side effects is never merged into a bigger one (experimentalMinChunkSize
      // below), so every icon that two screens shared was a file of its own: 21 files before the till could sell,
      // 10 without. The only bare property reads in the built code are those, and leftovers of unused exports and
      // props in d3 and recharts (no getter the app relies on, such as a read that forces a layout).
      treeshake: { manualPureFunctions: ['createLucideIcon'], propertyReadSideEffects: false },
      output: {
        // The framework changes less often than the app: its own chunk stays cached across releases.
        // Shared modules smaller than this (icons, small helpers) go into a chunk that loads with them instead of
        // a file each: a browser talks HTTP/1.1 to the shop's server, six requests at a time, so on a slow line
        // every extra file of the till's first screen costs a round trip.
        experimentalMinChunkSize: 4000,
        manualChunks: {
          react: ['react', 'react-dom', 'react-dom/client', 'react-router'],
          query: [
            '@tanstack/react-query',
            '@tanstack/react-query-persist-client',
            '@tanstack/query-sync-storage-persister',
          ],
        },
      },
      onwarn(warning, warn) {
        // zod's sources carry explanatory comments beside @__PURE__ marks that Rollup cannot place.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
