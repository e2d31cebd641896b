import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.ts';
import { type Config, testConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/demo/seed-demo.ts';
import type { AppDeps } from '../../src/server/http/types.ts';
import { createMailer } from '../../src/server/modules/mail/index.ts';
import { createTestDatabase } from '../../src/server/testing/test-database.ts';

export type RunningServer = {
  /** http://localhost:PORT — the public site; businesses are reached with ?business= or slug.localhost. */
  url: string;
  port: number;
  /** On PostgreSQL (TEST_DATABASE_URL), the scratch database's URL, for a second server process on it. */
  database: Database & { url?: string };
  deps: AppDeps;
  stop(): Promise<void>;
};

/** The real server with the built web app, on a random port, over a fresh database seeded with the demo. */
export async function startServer(
  overrides: Partial<Record<keyof Config, string>> = {},
  databaseServerUrl?: string,
): Promise<RunningServer> {
  const config = testConfig({ SERVE_WEB: 'true', WEB_DIST_DIR: 'dist/web', SEED_DEMO: 'true', ...overrides });
  const database = await createTestDatabase(databaseServerUrl);
  await seedDemo(database);
  const mailer = createMailer(config, database, { error() {}, info() {} });
  const deps: AppDeps = { config, database, mailer, now: () => new Date() };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    database,
    deps,
    async stop() {
      await app.close();
      await mailer.stop();
      await database.close();
    },
  };
}

export { postgresServerUrl } from '../../src/server/testing/test-database.ts';
