// The server as a deployment runs it: its own process (src/server/main.ts) on a PostgreSQL database, so that a
// benchmark's load generator, like pgbench's client, never takes the server's thread.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { MemoryReport } from '../src/server/memory-report.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server on `databaseUrl` and resolves once it answers its health check. */
export async function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  // BENCH_SERVER_PROFILE=dir: the server writes a CPU profile (.cpuprofile) there when it stops.
  const profileDir = process.env.BENCH_SERVER_PROFILE;
  // --expose-gc: its memory is read after a full collection (memoryOf).
  const args = [
    '--expose-gc',
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    '--import',
    'tsx',
    'src/server/main.ts',
  ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      DEV_MAILBOX: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('The server did not start within 60 s');
}

/** Stops a server started above and waits up to 10 s for it to exit (its CPU profile is written on the way out). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/** The server's memory after a full garbage collection, from the server itself (src/server/memory-report.ts). */
export function memoryOf(child: ChildProcess): Promise<MemoryReport> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The server did not report its memory within 10 s')),
      10_000,
    );
    child.once('message', (message: MemoryReport) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.send({ type: 'memory' });
  });
}
