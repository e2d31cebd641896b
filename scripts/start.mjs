// `npm start`: build the web app if its sources changed since the last build, then run the server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
try {
  ensureWebBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const server = spawnSync(join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(server.status ?? 1);
