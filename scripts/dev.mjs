// `npm run dev`: the API server (restarting on change) and the Vite dev server with hot reload, together.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const env = { ...process.env, SERVE_WEB: 'false' };
const children = [
  spawn(bin('tsx'), ['watch', 'src/server/main.ts'], { stdio: 'inherit', cwd: root, env }),
  spawn(bin('vite'), [], { stdio: 'inherit', cwd: root, env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
