// `npm start`: build the web app when its sources changed since the last build, then run the server.
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

const sources = ['src/web', 'src/domain', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
const isStale =
  !existsSync(built) || Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(built).mtimeMs;
const bin = (name) => join(root, 'node_modules/.bin', name);

if (isStale) {
  console.log('Building the web app…');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(bin('tsx'), ['src/server/main.ts'], { stdio: 'inherit', cwd: root });
process.exit(server.status ?? 1);
