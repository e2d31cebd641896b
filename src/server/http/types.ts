import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../modules/mail/index.ts';
import type { AuthCache } from './auth-cache.ts';

/** The Fastify instance every module registers its routes on (zod schemas in and out). */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the app is built from; tests build their own. */
export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The clock, so that expiry can be tested without waiting. */
  now: () => Date;
  /** Businesses and sessions just looked up (http/auth-cache.ts); buildApp makes one when none is given. */
  authCache?: AuthCache;
};
