import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createEmbeddedUpkeep } from './db/embedded-upkeep.ts';
import { migrate } from './db/migrate.ts';
import { describeDemo } from './demo/describe-demo.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { findBusinessBySlug } from './http/tenancy.ts';
import type { App } from './http/types.ts';
import { answerMemoryRequests } from './memory-report.ts';
import { createMailer } from './modules/mail/index.ts';
import { createPaymentReconciler } from './modules/payments/index.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? { driver: 'pg', url: config.DATABASE_URL }
    : { driver: 'pglite', dataDir: config.DATA_DIR },
);
const applied = await migrate(database);
const seeded = config.SEED_DEMO ? await seedDemo(database) : false;

let app: App | undefined;
const log = {
  error: (obj: object, msg: string) => app?.log.error(obj, msg),
  info: (obj: object, msg: string) => app?.log.info(obj, msg),
};
const mailer = createMailer(config, database, log);
const deps = { config, database, mailer, now: () => new Date() };
app = await buildApp(deps);
mailer.start();
// Payments whose webhook never came are verified with their provider, settled or failed.
const reconciler = createPaymentReconciler(deps, log);
reconciler.start();
// PostgreSQL's autovacuum keeps its tables; nothing does the embedded database's but this.
const upkeep = database.driver === 'pglite' ? createEmbeddedUpkeep(database, log) : null;
upkeep?.start();

await app.listen({ port: config.PORT, host: config.HOST });
answerMemoryRequests();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
console.info(await describeDemo({ config, database, port, seeded, mailer }));
if (config.SINGLE_BUSINESS && !(await findBusinessBySlug({ database }, config.SINGLE_BUSINESS))) {
  // Every page would say "Business not found": say why, once, where the person starting the server looks.
  app.log.warn(
    { slug: config.SINGLE_BUSINESS },
    'SINGLE_BUSINESS names no business in this database; create it (admin area) or fix the slug',
  );
}

let isClosing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (isClosing) return;
    isClosing = true;
    await app?.close();
    await reconciler.stop();
    await upkeep?.stop();
    await mailer.stop();
    await database.close();
    process.exit(0);
  });
}
