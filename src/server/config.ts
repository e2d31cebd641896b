import { z } from 'zod';

// Every setting the server reads, in one place (ARCHITECTURE: no scattered process.env). README lists them.
const booleanText = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const configSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./.data'),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as posgh.com or localhost')
    .transform((value) => value.toLowerCase())
    .default('localhost'),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://posgh.com' }).optional(),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  SERVE_WEB: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanText.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Akwaaba POS <no-reply@localhost>'),
  DEV_MAILBOX: booleanText.default(true),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  // Key of the HMAC that stores PINs; unset: one is generated on first start and kept in the database.
  // Changing it makes every existing PIN stop working.
  PIN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: booleanText.default(false),
  SHOWCASE_SLUGS: z
    .string()
    .default('demo,kofi-mart,adjoa-pharmacy,osu-electronics')
    .transform((value) =>
      value
        .split(',')
        .map((slug) => slug.trim())
        .filter(Boolean)
        .slice(0, 4),
    ),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; throws a ConfigError naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(Object.keys(configSchema.shape).map((key) => [key, env[key]]));
  const result = configSchema.safeParse(known);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    ),
  );
}

/** Settings for tests: quiet, no demo data, no SPA. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', SERVE_WEB: 'false', ...overrides });
}
