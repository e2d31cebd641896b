// Builds the web app when its sources are newer than the last build (npm start and the browser tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/web/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function isWebBuildStale() {
  const sources = ['src/web', 'src/domain', 'vite.config.ts', 'package.json']
    .map((p) => join(root, p))
    .filter(existsSync);
  return !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

export function ensureWebBuild() {
  if (!isWebBuildStale()) return;
  console.log('Building the web app…');
  const build = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    cwd: root,
    // Always the production build: the browser tests call this under NODE_ENV=test, which Vite would take
    // for a development build (React's development runtime, other timings than a shop's browser gets).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
}
