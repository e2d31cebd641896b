import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { App, AppDeps } from '../http/types.ts';
import { createMailer } from '../modules/mail/index.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: App;
  deps: AppDeps;
  database: Database;
  /** Moves the app's clock (sessions, PIN expiry, rate limits) without waiting. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
};

const silentLog = { error() {}, info() {} };

/** The real app on a fresh database; pass config overrides such as SMTP_URL. */
export async function createTestApp(overrides: Partial<Record<keyof Config, string>> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const now = () => new Date(Math.max(Date.now(), clock.now.getTime()));
  const mailer = createMailer(config, database, silentLog, now);
  const deps: AppDeps = { config, database, mailer, now };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    clock,
    async close() {
      await app.close();
      await mailer.stop();
      await database.close();
    },
  };
}

/** The `Cookie` header a browser would send back after this response. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Headers of a request to a business (on localhost the business is named by X-Business). */
export function businessHeaders(slug: string, cookie?: string): Record<string, string> {
  return cookie ? { 'x-business': slug, cookie } : { 'x-business': slug };
}
