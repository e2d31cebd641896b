import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll } from 'vitest';
import type { E2E } from './harness.ts';

/**
 * A second server process (src/server/main.ts, as deployed) on the database at `databaseUrl`: the
 * journeys that prove two instances on one PostgreSQL stay in step start it beside the journey's own server.
 * `port`: the port of one stopped before (a server that comes back). `stop` ends it (SIGKILL: at once, as a
 * server that fails) and resolves once the process has gone.
 */
export type SecondServer = { url: string; port: number; stop(signal?: NodeJS.Signals): Promise<void> };

/**
 * For a journey file whose server is on PostgreSQL (`useE2E({ postgres: true })`): starts second server
 * processes on that server's database, each stopped once the file's journeys are done.
 */
export function useSecondServers(e2e: E2E): (options?: { port?: number }) => Promise<SecondServer> {
  const started: SecondServer[] = [];
  afterAll(() => Promise.all(started.map((server) => server.stop())));
  return async (options) => {
    const url = e2e.server.database.url;
    if (!url) throw new Error('The journey server has no PostgreSQL URL');
    const server = await startSecondServer(url, options);
    started.push(server);
    return server;
  };
}

export async function startSecondServer(databaseUrl: string, { port = 0 } = {}): Promise<SecondServer> {
  port ||= await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'true',
      WEB_DIST_DIR: 'dist/web',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await waitForHealth(url);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { url, port, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(base: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The second server at ${base} did not start`);
}
